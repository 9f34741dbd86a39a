// Unit tests of AsyncTrackSet: an id keeps its track while open, idle
// tracks of the same name are adopted, scopes and names never share.
#include "src/importers/common/async_track_set.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(AsyncTrackSetTest, ReusesIdleTracksOfTheSameName) {
  TraceStorage storage;
  TrackTracker tracks(&storage);
  AsyncTrackSet set(&tracks);
  StringId a = storage.Intern("A"), b = storage.Intern("B"), type = storage.Intern("t");
  uint32_t t1 = set.Begin(1, 10, a, type);
  uint32_t t2 = set.Begin(1, 11, a, type);  // 10 is open: a second track.
  EXPECT_NE(t1, t2);
  EXPECT_EQ(set.Instant(1, 10, a, type), t1);
  EXPECT_EQ(set.End(1, 10, a, type), t1);
  EXPECT_EQ(set.Begin(1, 12, a, type), t1);  // Adopts 10's idle track.
  // Id 11 keeps its name's track even for an event of another name.
  EXPECT_EQ(set.End(1, 11, b, type), t2);
  uint32_t other_name = set.Begin(1, 13, b, type);
  uint32_t other_scope = set.Begin(2, 10, a, type);
  EXPECT_NE(other_name, t2);
  EXPECT_NE(other_scope, t1);
  EXPECT_NE(other_scope, t2);
  EXPECT_EQ(storage.track.row_count(), 4u);
}

}  // namespace
}  // namespace weft
