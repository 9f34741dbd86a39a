#include "src/importers/common/process_tracker.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

class ProcessTrackerTest : public ::testing::Test {
 protected:
  TraceStorage storage_;
  ProcessTracker tracker_{&storage_};
};

TEST_F(ProcessTrackerTest, ReservedRowZero) {
  ASSERT_EQ(storage_.process.row_count(), 1u);
  ASSERT_EQ(storage_.thread.row_count(), 1u);
  EXPECT_EQ(storage_.process.pid[0], 0);
  EXPECT_EQ(storage_.thread.tid[0], 0);
  EXPECT_EQ(storage_.thread.upid[0], 0u);
  EXPECT_EQ(storage_.thread.is_main_thread[0], 1u);
  EXPECT_EQ(storage_.thread.is_idle[0], 1u);
  // A second tracker on the same storage does not add another row 0.
  ProcessTracker again(&storage_);
  EXPECT_EQ(storage_.process.row_count(), 1u);
  EXPECT_EQ(storage_.thread.row_count(), 1u);
}

TEST_F(ProcessTrackerTest, PidZeroIsNotTheIdleRow) {
  uint32_t upid = tracker_.GetOrCreateProcess(0);
  EXPECT_NE(upid, 0u);
  uint32_t utid = tracker_.UpdateThread(0, 0);
  EXPECT_NE(utid, 0u);
}

TEST_F(ProcessTrackerTest, NewProcessGetsMainThread) {
  uint32_t upid = tracker_.GetOrCreateProcess(42);
  EXPECT_EQ(upid, 1u);
  EXPECT_EQ(storage_.process.pid[upid], 42);
  ASSERT_EQ(storage_.thread.row_count(), 2u);
  EXPECT_EQ(storage_.thread.tid[1], 42);
  EXPECT_EQ(storage_.thread.upid[1], upid);
  EXPECT_EQ(storage_.thread.is_main_thread[1], 1u);
  EXPECT_EQ(storage_.thread.is_idle[1], 0u);
  EXPECT_EQ(tracker_.GetOrCreateProcess(42), upid) << "no duplicate";
  EXPECT_EQ(tracker_.UpdateThread(42, 42), 1u) << "main thread reused";
  EXPECT_EQ(storage_.thread.row_count(), 2u);
}

TEST_F(ProcessTrackerTest, ThreadsAreKeyedByProcess) {
  uint32_t t1 = tracker_.UpdateThread(7, 100);
  uint32_t t2 = tracker_.UpdateThread(7, 200);
  uint32_t t1_again = tracker_.UpdateThread(7, 100);
  EXPECT_NE(t1, t2);
  EXPECT_EQ(t1, t1_again);
  uint32_t p1 = storage_.thread.upid[t1], p2 = storage_.thread.upid[t2];
  EXPECT_NE(p1, p2);
  EXPECT_EQ(storage_.process.pid[p1], 100);
  EXPECT_EQ(storage_.process.pid[p2], 200);
  EXPECT_EQ(storage_.thread.is_main_thread[t1], 0u);
  EXPECT_EQ(storage_.thread.tid[t2], 7);
  // Interleaved lookups stay consistent (not just the one-entry cache).
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(tracker_.UpdateThread(7, 200), t2);
    EXPECT_EQ(tracker_.UpdateThread(8, 100), tracker_.UpdateThread(8, 100));
    EXPECT_EQ(tracker_.UpdateThread(7, 100), t1);
  }
  // Processes 100 and 200 with their main threads, plus 7@100, 7@200, 8@100.
  EXPECT_EQ(storage_.process.row_count(), 3u);
  EXPECT_EQ(storage_.thread.row_count(), 1u + 2u + 3u);
}

// BUG: ProcessTracker's one-entry cache starts as (tid -1, pid -1 ->
// utid 0), so the very first UpdateThread(-1, -1) returns the reserved
// idle thread instead of creating a thread. Not reachable from the JSON
// importer (it clamps pids/tids to uint32), but the API takes int64.
TEST(ProcessTrackerCacheTest, NegativeIdsDoNotMapToIdleThread) {
  TraceStorage storage;
  ProcessTracker tracker(&storage);
  uint32_t utid = tracker.UpdateThread(-1, -1);
  EXPECT_NE(utid, 0u);
}

TEST_F(ProcessTrackerTest, NamesAndArgs) {
  uint32_t upid = tracker_.GetOrCreateProcess(5);
  uint32_t utid = tracker_.UpdateThread(6, 5);
  tracker_.SetProcessName(upid, storage_.Intern("proc"));
  tracker_.SetThreadName(utid, storage_.Intern("thr"));
  EXPECT_EQ(storage_.pool().Get(storage_.process.name[upid]), "proc");
  EXPECT_EQ(storage_.pool().Get(storage_.thread.name[utid]), "thr");

  StringId k1 = storage_.Intern("sort_index"), k2 = storage_.Intern("other");
  tracker_.AddProcessArg(upid, k1, ArgType::kInt, 3);
  tracker_.AddThreadArg(utid, k1, ArgType::kInt, 4);
  tracker_.AddProcessArg(upid, k2, ArgType::kInt, 5);  // Same set as the first arg.
  storage_.Finalize();
  uint32_t pset = storage_.process.arg_set_id[upid];
  uint32_t tset = storage_.thread.arg_set_id[utid];
  ASSERT_NE(pset, Uint32Column::kNull);
  ASSERT_NE(tset, Uint32Column::kNull);
  EXPECT_NE(pset, tset);
  const ArgsTable& args = storage_.args;
  ASSERT_GE(args.FindArg(pset, k1), 0);
  ASSERT_GE(args.FindArg(pset, k2), 0);
  EXPECT_EQ(args.raw_value(static_cast<uint32_t>(args.FindArg(pset, k2))), 5);
  EXPECT_EQ(args.raw_value(static_cast<uint32_t>(args.FindArg(tset, k1))), 4);
  EXPECT_EQ(args.FindArg(tset, k2), -1);
}

}  // namespace
}  // namespace weft
