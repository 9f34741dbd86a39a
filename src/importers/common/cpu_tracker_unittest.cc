#include "src/importers/common/cpu_tracker.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(CpuTrackerTest, UcpuIsMachineTimes4096PlusCpu) {
  TraceStorage storage;
  CpuTracker cpus(&storage);
  EXPECT_EQ(cpus.GetOrCreate(3), 3u);  // No machine: ucpu = cpu.
  EXPECT_EQ(cpus.GetOrCreate(0), 0u);
  EXPECT_EQ(cpus.GetOrCreate(3), 3u);  // Known: no new row.
  cpus.SetMachine(/*machine_row=*/2, /*remote=*/true);
  EXPECT_EQ(cpus.GetOrCreate(1), 2 * 4096 + 1u);
  const CpuTable& t = storage.cpu;
  ASSERT_EQ(t.row_count(), 3u);
  EXPECT_EQ(t.ucpu[0], 3u);  // Rows in order of appearance.
  EXPECT_EQ(t.cpu[2], 1u);
  EXPECT_TRUE(t.machine_id.IsNull(0)) << "the host's cpus have no machine";
  EXPECT_EQ(t.machine_id[2], 2u);
  EXPECT_EQ(cpus.RowOf(2 * 4096 + 1), 2u);
}

TEST(CpuTrackerTest, KnownCpusAreAnsweredPerMachine) {
  TraceStorage storage;
  CpuTracker cpus(&storage);
  EXPECT_EQ(cpus.GetOrCreate(3), 3u);
  cpus.SetMachine(/*machine_row=*/2, /*remote=*/true);
  EXPECT_EQ(cpus.GetOrCreate(3), 2 * 4096 + 3u) << "cpu 3 of another machine is new";
  EXPECT_EQ(cpus.GetOrCreate(3), 2 * 4096 + 3u);
  cpus.SetMachine(CpuTracker::kNoMachine, /*remote=*/false);
  EXPECT_EQ(cpus.GetOrCreate(3), 3u);
  EXPECT_EQ(storage.cpu.row_count(), 2u);
  EXPECT_EQ(cpus.RowOf(2 * 4096 + 3), 1u);
}

TEST(CpuTrackerTest, DamagedCpuNumbersGetDistinctHighUcpus) {
  TraceStorage storage;
  CpuTracker cpus(&storage);
  uint32_t a = cpus.GetOrCreate(5000), b = cpus.GetOrCreate(0xffffffff);
  EXPECT_EQ(a, 1u << 31);
  EXPECT_EQ(b, (1u << 31) + 1);
  EXPECT_EQ(cpus.GetOrCreate(5000), a);
  cpus.SetMachine(1, true);
  EXPECT_EQ(cpus.GetOrCreate(5000), (1u << 31) + 2) << "per machine";
  EXPECT_EQ(storage.cpu.row_count(), 3u);
}

}  // namespace
}  // namespace weft
