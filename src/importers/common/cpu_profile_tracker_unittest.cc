#include "src/importers/common/cpu_profile_tracker.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

constexpr uint32_t kNoParent = CpuProfileNode::kNoParent;

CpuProfileNode Node(TraceStorage* storage, uint32_t id, uint32_t parent, const char* name) {
  CpuProfileNode n;
  n.id = id;
  n.parent = parent;
  n.function_name = storage->Intern(name);
  return n;
}

struct Fixture {
  TraceStorage storage;
  ProcessTracker processes{&storage};
  StackProfileTracker stacks{&storage};
  CpuProfileTracker tracker{&storage};
};

TEST(CpuProfileTrackerTest, ChunksOutOfOrderAddTimeInEventOrder) {
  Fixture f;
  CpuProfileChunk late;
  late.samples = {2};
  late.time_deltas = {5};
  CpuProfileChunk early;
  early.nodes = {Node(&f.storage, 1, kNoParent, "(root)"), Node(&f.storage, 2, 1, "foo")};
  early.samples = {1, 2};
  early.time_deltas = {10, 20};
  f.tracker.AddChunk(7, 1, 8, /*event_ts=*/300, late);
  f.tracker.AddHead(7, 1, 8, /*event_ts=*/100, /*start_ns=*/1000);
  f.tracker.AddChunk(7, 1, 8, /*event_ts=*/200, early);
  f.tracker.Finish(&f.processes, &f.stacks);

  ASSERT_EQ(f.tracker.profiles().size(), 1u);
  const CpuProfile& p = f.tracker.profiles()[0];
  EXPECT_EQ(p.pid, 7u);
  EXPECT_EQ(p.tid, 8u);
  ASSERT_EQ(p.samples.size(), 3u);
  EXPECT_EQ(p.samples[0].ts, 1010);
  EXPECT_EQ(p.samples[1].ts, 1030);
  EXPECT_EQ(p.samples[2].ts, 1035);
  EXPECT_EQ(p.nodes[p.samples[2].node].id, 2u);
  const CpuProfileStackSampleTable& t = f.storage.cpu_profile_stack_sample;
  ASSERT_EQ(t.row_count(), 3u);
  EXPECT_EQ(t.callsite_id[1], t.callsite_id[2]);
  EXPECT_EQ(f.storage.stack_profile_callsite.depth[t.callsite_id[1]], 1u);
  EXPECT_EQ(f.storage.stats.Get(Stat::cpu_profile_missing_head), 0);
}

TEST(CpuProfileTrackerTest, MissingHeadStartsAtTheFirstChunk) {
  Fixture f;
  CpuProfileChunk c;
  c.nodes = {Node(&f.storage, 1, kNoParent, "(root)")};
  c.samples = {1};
  c.time_deltas = {4};
  f.tracker.AddChunk(1, 9, 1, 500, c);
  f.tracker.Finish(&f.processes, &f.stacks);
  EXPECT_EQ(f.tracker.profiles()[0].samples[0].ts, 504);
  EXPECT_EQ(f.storage.stats.Get(Stat::cpu_profile_missing_head), 1);
}

TEST(CpuProfileTrackerTest, UnknownNodesAndBrokenParentsAreCountedNotFatal) {
  Fixture f;
  CpuProfileChunk c;
  c.nodes = {Node(&f.storage, 1, kNoParent, "(root)"), Node(&f.storage, 2, 42, "orphan"),
             Node(&f.storage, 3, 4, "a"), Node(&f.storage, 4, 3, "b"),
             Node(&f.storage, 1, kNoParent, "dup")};
  c.samples = {1, 2, 3, 77};
  c.time_deltas = {1, 1, 1, 1};
  f.tracker.AddHead(1, 1, 1, 0, 0);
  f.tracker.AddChunk(1, 1, 1, 0, c);
  f.tracker.Finish(&f.processes, &f.stacks);
  EXPECT_EQ(f.tracker.profiles()[0].samples.size(), 1u);
  EXPECT_EQ(f.storage.cpu_profile_stack_sample.row_count(), 1u);
  // The duplicate, the orphan and the two nodes of the cycle.
  EXPECT_EQ(f.storage.stats.Get(Stat::cpu_profile_invalid_node), 4);
  EXPECT_EQ(f.storage.stats.Get(Stat::cpu_profile_unknown_node), 3);
}

TEST(CpuProfileTrackerTest, ChildrenListsGiveParents) {
  Fixture f;
  CpuProfileChunk c;
  c.nodes = {Node(&f.storage, 1, kNoParent, "(root)"), Node(&f.storage, 2, kNoParent, "main")};
  c.children = {{1, 2}};
  c.samples = {2};
  c.time_deltas = {0};
  f.tracker.AddHead(1, 1, 1, 0, 0);
  f.tracker.AddChunk(1, 1, 1, 0, c);
  f.tracker.Finish(&f.processes, &f.stacks);
  uint32_t callsite = f.storage.cpu_profile_stack_sample.callsite_id[0];
  EXPECT_EQ(f.storage.stack_profile_callsite.depth[callsite], 1u);
}

TEST(CpuProfileTrackerTest, FramesAreNotSharedAcrossProfiles) {
  Fixture f;
  for (uint64_t id : {1, 2}) {
    CpuProfileChunk c;
    c.nodes = {Node(&f.storage, 1, kNoParent, "(root)")};
    f.tracker.AddHead(1, id, 1, 0, 0);
    f.tracker.AddChunk(1, id, 1, 0, c);
  }
  f.tracker.Finish(&f.processes, &f.stacks);
  EXPECT_EQ(f.storage.stack_profile_frame.row_count(), 2u);
  EXPECT_EQ(f.storage.stack_profile_mapping.row_count(), 2u);
}

// The profiles are freed after their last reader; the rows stay.
TEST(CpuProfileTrackerTest, ReleaseProfilesKeepsTheRows) {
  Fixture f;
  CpuProfileChunk chunk;
  chunk.nodes = {Node(&f.storage, 1, kNoParent, "(root)"), Node(&f.storage, 2, 1, "foo")};
  chunk.samples = {2, 2};
  chunk.time_deltas = {10, 20};
  f.tracker.AddHead(7, 1, 8, /*event_ts=*/100, /*start_ns=*/1000);
  f.tracker.AddChunk(7, 1, 8, /*event_ts=*/200, chunk);
  f.tracker.Finish(&f.processes, &f.stacks);
  ASSERT_EQ(f.tracker.profiles().size(), 1u);
  uint32_t rows = f.storage.cpu_profile_stack_sample.row_count();
  EXPECT_EQ(rows, 2u);
  f.tracker.ReleaseProfiles();
  EXPECT_TRUE(f.tracker.profiles().empty());
  EXPECT_EQ(f.storage.cpu_profile_stack_sample.row_count(), rows);
}

TEST(CpuProfileTrackerTest, RowsOfSeveralProfilesAndStackSamplesInTimeOrder) {
  Fixture f;
  // Two threads' profiles whose samples interleave, a negative time delta
  // (samples out of order within a profile) and a sample from another
  // source: one table by ts, ties in the order written.
  CpuProfileChunk a;
  a.nodes = {Node(&f.storage, 1, kNoParent, "(root)"), Node(&f.storage, 2, 1, "a")};
  a.samples = {2, 2, 2};
  a.time_deltas = {10, 20, -15};  // 10, 30, 15.
  CpuProfileChunk b;
  b.nodes = {Node(&f.storage, 1, kNoParent, "(root)"), Node(&f.storage, 5, 1, "b")};
  b.samples = {5, 5};
  b.time_deltas = {15, 10};  // 15, 25.
  f.tracker.AddHead(1, 1, 1, 0, 0);
  f.tracker.AddChunk(1, 1, 1, 0, a);
  f.tracker.AddHead(1, 2, 2, 0, 0);
  f.tracker.AddChunk(1, 2, 2, 0, b);
  f.tracker.AddStackSample(20, /*callsite=*/0, /*utid=*/0);
  f.tracker.Finish(&f.processes, &f.stacks);

  const CpuProfileStackSampleTable& t = f.storage.cpu_profile_stack_sample;
  ASSERT_EQ(t.row_count(), 6u);
  const int64_t ts[] = {10, 15, 15, 20, 25, 30};
  for (uint32_t r = 0; r < 6; ++r) EXPECT_EQ(t.ts[r], ts[r]) << r;
  uint32_t utid_a = f.tracker.profiles()[0].utid, utid_b = f.tracker.profiles()[1].utid;
  EXPECT_NE(utid_a, utid_b);
  EXPECT_EQ(t.utid[1], utid_a);  // Equal ts: profile a was written first.
  EXPECT_EQ(t.utid[2], utid_b);
  EXPECT_EQ(t.utid[3], 0u);  // The other source's sample.
}

}  // namespace
}  // namespace weft
