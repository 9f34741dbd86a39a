#include "src/importers/common/stack_profile_tracker.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

TEST(StackProfileTrackerTest, EqualMappingsShareARow) {
  TraceStorage storage;
  StackProfileTracker tracker(&storage);
  StackProfileMappingTable::Row row;
  row.name = storage.Intern("/bin/a");
  row.start = 4096;
  row.end = 8192;
  uint32_t a = tracker.InternMapping(row);
  EXPECT_EQ(tracker.InternMapping(row), a);
  row.load_bias = 1;
  uint32_t b = tracker.InternMapping(row);
  EXPECT_NE(b, a);
  EXPECT_EQ(storage.stack_profile_mapping.row_count(), 2u);
}

TEST(StackProfileTrackerTest, FramesAreKeyedByMappingPcAndName) {
  TraceStorage storage;
  StackProfileTracker tracker(&storage);
  StringId f = storage.Intern("f"), g = storage.Intern("g");
  uint32_t a = tracker.InternFrame(0, 16, f);
  EXPECT_EQ(tracker.InternFrame(0, 16, f), a);
  EXPECT_NE(tracker.InternFrame(0, 32, f), a);
  EXPECT_NE(tracker.InternFrame(0, 16, g), a);
  EXPECT_NE(tracker.InternFrame(1, 16, f), a);
  EXPECT_EQ(storage.stack_profile_frame.row_count(), 4u);
  EXPECT_EQ(storage.stack_profile_frame.symbol_set_id[a], kNull);
}

TEST(StackProfileTrackerTest, SymbolizedFramesGetASymbolWhenLocated) {
  TraceStorage storage;
  StackProfileTracker tracker(&storage);
  StringId inline_mapping = storage.Intern("track_event_inline");
  StringId f = storage.Intern("f"), file = storage.Intern("f.cc");
  uint32_t located = tracker.InternSymbolizedFrame(inline_mapping, f, file, 42);
  EXPECT_EQ(tracker.InternSymbolizedFrame(inline_mapping, f, file, 42), located);
  uint32_t bare = tracker.InternSymbolizedFrame(inline_mapping, f, kNullStringId, kNull);
  EXPECT_NE(bare, located);
  // One mapping for both frames, one symbol for the located one.
  EXPECT_EQ(storage.stack_profile_mapping.row_count(), 1u);
  ASSERT_EQ(storage.stack_profile_symbol.row_count(), 1u);
  uint32_t set = storage.stack_profile_frame.symbol_set_id[located];
  EXPECT_EQ(set, 0u);
  EXPECT_EQ(storage.stack_profile_symbol.line_number[set], 42u);
  EXPECT_EQ(storage.stack_profile_symbol.source_file[set], file);
  EXPECT_EQ(storage.stack_profile_frame.symbol_set_id[bare], kNull);
}

TEST(StackProfileTrackerTest, CallsitesShareCommonPrefixes) {
  TraceStorage storage;
  StackProfileTracker tracker(&storage);
  uint32_t root = tracker.InternCallsite(kNull, 7, 0);
  uint32_t leaf1 = tracker.InternCallsite(root, 8, 1);
  uint32_t leaf2 = tracker.InternCallsite(root, 9, 1);
  EXPECT_EQ(tracker.InternCallsite(kNull, 7, 0), root);
  EXPECT_EQ(tracker.InternCallsite(root, 8, 1), leaf1);
  EXPECT_NE(leaf1, leaf2);
  EXPECT_EQ(storage.stack_profile_callsite.row_count(), 3u);
  EXPECT_EQ(storage.stack_profile_callsite.parent_id[leaf2], root);
  EXPECT_EQ(storage.stack_profile_callsite.depth[leaf2], 1u);
}

}  // namespace
}  // namespace weft
