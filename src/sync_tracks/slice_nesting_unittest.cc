#include "src/sync_tracks/slice_nesting.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

// One trace event [0, 100) at row 0, then calls from row 1.
struct Track {
  Track() { slices.Insert(0, 100, 0, 0, 0, 0, kNull, kNull); }
  uint32_t AddCall(int64_t ts, int64_t dur) {
    return slices.Insert(ts, dur, 0, 0, 0, 0, kNull, kNull);
  }
  void Renest(uint32_t calls) {
    RenestTrack({NestItem{0, 100, false, 0, 0}}, 1, calls, &slices);
  }
  SliceTable slices;
};

TEST(SliceNestingTest, CallsNestWithTheTrackSlices) {
  Track t;
  uint32_t outer = t.AddCall(0, 100);  // Same bounds as the event: its caller.
  uint32_t inner = t.AddCall(10, 20);
  t.Renest(2);
  EXPECT_EQ(t.slices.depth[outer], 0u);
  EXPECT_EQ(t.slices.parent_id[0], outer);
  EXPECT_EQ(t.slices.depth[0], 1u);
  EXPECT_EQ(t.slices.parent_id[inner], 0u);
  EXPECT_EQ(t.slices.depth[inner], 2u);
}

TEST(SliceNestingTest, CallReachingPastItsParentIsCut) {
  Track t;
  uint32_t call = t.AddCall(50, 80);
  t.Renest(1);
  EXPECT_EQ(t.slices.parent_id[call], 0u);
  EXPECT_EQ(t.slices.dur[call], 50);
}

TEST(SliceNestingTest, CallsOutOfNestingOrderAreSortedFirst) {
  Track t;
  uint32_t late = t.AddCall(40, 10);
  uint32_t early = t.AddCall(10, 50);  // Contains the first call.
  t.Renest(2);
  EXPECT_EQ(t.slices.parent_id[early], 0u);
  EXPECT_EQ(t.slices.parent_id[late], early);
  EXPECT_EQ(t.slices.depth[late], 2u);
}

TEST(SliceNestingTest, CutsBeforeTheOrderBreakAreUndone) {
  // The first call is cut (at 100) before the second shows the calls out
  // of order; sorted on their own bounds, the first contains the third.
  Track t;
  uint32_t first = t.AddCall(50, 80);
  t.AddCall(10, 20);
  uint32_t third = t.AddCall(50, 55);
  t.Renest(3);
  EXPECT_EQ(t.slices.parent_id[first], 0u);
  EXPECT_EQ(t.slices.parent_id[third], first);
  EXPECT_EQ(t.slices.depth[third], 2u);
  EXPECT_EQ(t.slices.dur[first], 50);
  EXPECT_EQ(t.slices.dur[third], 50);
}

}  // namespace
}  // namespace weft
