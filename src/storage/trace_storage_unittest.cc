#include "src/storage/trace_storage.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(TraceStorageTest, AllTablesHaveUniqueNames) {
  TraceStorage storage;
  std::set<std::string> names;
  for (const Table* t : storage.AllTables()) {
    EXPECT_TRUE(names.insert(t->name()).second) << t->name();
  }
  for (const char* n : {"slice", "flow", "track", "counter", "thread",
                        "process", "args", "stats", "metadata",
                        "_trace_import_logs", "sched", "thread_state", "cpu",
                        "thread_track", "process_track", "counter_track"}) {
    EXPECT_TRUE(names.count(n)) << n;
  }
}

TEST(TraceStorageTest, FinalizeSetsSortedFlags) {
  TraceStorage storage;
  StringId n = storage.Intern("s");
  storage.slice.Insert(10, 1, 0, kNullStringId, n, 0, Uint32Column::kNull, Uint32Column::kNull);
  storage.slice.Insert(10, 1, 0, kNullStringId, n, 0, Uint32Column::kNull, Uint32Column::kNull);
  storage.slice.Insert(20, 1, 0, kNullStringId, n, 0, Uint32Column::kNull, Uint32Column::kNull);
  storage.counter.Insert(5, 0, 1.0, Uint32Column::kNull);
  storage.counter.Insert(3, 0, 1.0, Uint32Column::kNull);
  storage.Finalize();
  EXPECT_TRUE(storage.slice.ts.sorted());
  EXPECT_FALSE(storage.counter.ts.sorted());
  EXPECT_TRUE(storage.args.arg_set_id.sorted());

  // Unsorted slices are detected; Finalize is re-run safely.
  storage.slice.Insert(15, 1, 0, kNullStringId, n, 0, Uint32Column::kNull, Uint32Column::kNull);
  storage.Finalize();
  EXPECT_FALSE(storage.slice.ts.sorted());
  storage.Finalize();
  EXPECT_FALSE(storage.slice.ts.sorted());
}

TEST(TraceStorageTest, EmptyStorageFinalizes) {
  TraceStorage storage;
  storage.Finalize();
  EXPECT_TRUE(storage.slice.ts.sorted());
  EXPECT_EQ(storage.slice.row_count(), 0u);
  EXPECT_GT(storage.MemoryUsage(), 0u);
}

TEST(TraceStorageTest, MemoryByPartNamesTablesLargestFirst) {
  TraceStorage storage;
  for (int i = 0; i < 300000; ++i) storage.sched.Insert(i * 10, 5, i % 4, i % 7, i % 4);
  for (int i = 0; i < 1000; ++i) storage.thread_state.Insert(i, 1, 0, kNullStringId);
  std::vector<TraceStorage::MemoryPart> parts = storage.MemoryByPart();
  ASSERT_GE(parts.size(), 3u);
  EXPECT_EQ(parts[0].name, "sched");
  EXPECT_GE(parts[0].bytes, 300000u * 4);  // At least its 4-byte durations.
  size_t total = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    EXPECT_GT(parts[i].bytes, 0u) << parts[i].name;
    if (i) {
      EXPECT_LE(parts[i].bytes, parts[i - 1].bytes);
    }
    total += parts[i].bytes;
  }
  EXPECT_EQ(storage.MemoryUsage(), total);
}

TEST(TraceStorageTest, FinalizeRefreshesTrackViews) {
  TraceStorage storage;
  TrackTable::Row row;
  row.utid = 3;
  storage.track.Insert(row, storage.Intern("slice"));
  storage.Finalize();
  const Table* thread_track = nullptr;
  for (const Table* t : storage.AllTables()) {
    if (t->name() == "thread_track") thread_track = t;
  }
  ASSERT_NE(thread_track, nullptr);
  EXPECT_EQ(thread_track->row_count(), 1u);
}

TEST(TraceStorageTest, SliceInsertWithThreadTime) {
  TraceStorage storage;
  StringId n = storage.Intern("s");
  uint32_t a = storage.slice.Insert(1, 2, 0, kNullStringId, n, 0,
                                    Uint32Column::kNull, Uint32Column::kNull);
  uint32_t b = storage.slice.InsertWithThreadTime(
      3, 4, 0, kNullStringId, n, 0, Uint32Column::kNull, Uint32Column::kNull,
      100, SparseInt64Column::kNullValue);
  EXPECT_TRUE(storage.slice.thread_ts.IsNull(a));
  EXPECT_EQ(storage.slice.thread_ts.Get(b), 100);
  EXPECT_TRUE(storage.slice.thread_dur.IsNull(b));
  storage.slice.thread_dur.Set(b, 7);
  EXPECT_EQ(storage.slice.thread_dur.GetInt(b), 7);
  // Aliases read through.
  const Column* cat = storage.slice.FindColumn("cat");
  const Column* slice_id = storage.slice.FindColumn("slice_id");
  ASSERT_TRUE(cat && slice_id);
  EXPECT_TRUE(cat->hidden());
  EXPECT_TRUE(cat->IsNull(a));
  EXPECT_EQ(slice_id->GetInt(b), b);
}

TEST(TraceStorageTest, SliceInsertBlockMatchesInsert) {
  TraceStorage storage;
  SliceTable& slice = storage.slice;
  StringId cat = storage.Intern("c");
  StringId names[] = {storage.Intern("a"), storage.Intern("b")};
  slice.InsertWithThreadTime(1, 1, 0, cat, names[0], 0, Uint32Column::kNull, Uint32Column::kNull,
                             9, 9);
  const int64_t ts[] = {5, 6}, dur[] = {3, 2};
  const uint32_t parents[] = {0, Uint32Column::kNull}, args[] = {7, 8};
  EXPECT_EQ(slice.InsertBlock(SliceTable::RowBlock{4, cat, ts, dur, names, parents, args}, 2), 1u);
  uint32_t after = slice.Insert(8, 1, 4, cat, names[0], 0, 1, Uint32Column::kNull);
  EXPECT_EQ(after, 3u);
  EXPECT_EQ(slice.row_count(), 4u);
  for (uint32_t r = 1; r <= 2; ++r) {
    EXPECT_EQ(slice.ts[r], ts[r - 1]);
    EXPECT_EQ(slice.dur[r], dur[r - 1]);
    EXPECT_EQ(slice.track_id[r], 4u);
    EXPECT_EQ(slice.category[r], cat);
    EXPECT_EQ(slice.name[r], names[r - 1]);
    EXPECT_EQ(slice.depth[r], 0u);
    EXPECT_EQ(slice.parent_id[r], parents[r - 1]);
    EXPECT_EQ(slice.arg_set_id[r], args[r - 1]);
    EXPECT_TRUE(slice.thread_ts.IsNull(r));
    EXPECT_TRUE(slice.thread_dur.IsNull(r));
    EXPECT_TRUE(slice.thread_instruction_count.IsNull(r));
  }
  EXPECT_EQ(slice.thread_ts.Get(0), 9);
  EXPECT_EQ(slice.parent_id[after], 1u);
}

}  // namespace
}  // namespace weft
