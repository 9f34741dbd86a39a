// Unit tests of ClockTracker: paths, nearest snapshots, incremental clocks,
// sequence scoping, invalid snapshots.
#include "src/importers/proto/sequence/clock_tracker.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

using Reading = ClockTracker::Reading;

Reading R(ClockTracker::ClockId id, uint64_t ts) {
  Reading r;
  r.id = id;
  r.timestamp = ts;
  return r;
}

TEST(ClockTrackerTest, TraceClockNeedsNoSnapshot) {
  ClockTracker clocks;
  EXPECT_EQ(clocks.ToTraceTime(ClockTracker::kBoottime, 42), 42);
  EXPECT_EQ(clocks.ToTraceTime(3, 42), std::nullopt);
}

TEST(ClockTrackerTest, NearestSnapshotAtOrBefore) {
  ClockTracker clocks;
  ASSERT_TRUE(clocks.AddSnapshot({R(6, 1000), R(3, 100)}));
  ASSERT_TRUE(clocks.AddSnapshot({R(6, 2000), R(3, 1000)}));
  EXPECT_EQ(clocks.ToTraceTime(3, 50), 950);     // Before all: the first.
  EXPECT_EQ(clocks.ToTraceTime(3, 999), 1899);   // First.
  EXPECT_EQ(clocks.ToTraceTime(3, 1000), 2000);  // Second.
}

TEST(ClockTrackerTest, MultiHopPathAndReverseDirection) {
  ClockTracker clocks;
  ASSERT_TRUE(clocks.AddSnapshot({R(3, 100), R(6, 1000)}));
  ASSERT_TRUE(clocks.AddSnapshot({R(1, 10), R(3, 200)}));
  // 1 -> 3 -> 6: 15 in clock 1 is 205 in clock 3, 1105 in BOOTTIME.
  EXPECT_EQ(clocks.ToTraceTime(1, 15), 1105);
  EXPECT_FALSE(clocks.SetTraceClock(1));  // BOOTTIME was already used.

  ClockTracker reverse;
  ASSERT_TRUE(reverse.SetTraceClock(1));
  ASSERT_TRUE(reverse.AddSnapshot({R(3, 100), R(6, 1000)}));
  ASSERT_TRUE(reverse.AddSnapshot({R(1, 10), R(3, 200)}));
  EXPECT_EQ(reverse.ToTraceTime(6, 1105), 15);
}

TEST(ClockTrackerTest, IncrementalClockWithUnit) {
  ClockTracker clocks;
  Reading inc = R(ClockTracker::SequenceScoped(7, 64), 3);
  inc.incremental = true;
  inc.unit_multiplier_ns = 1000;
  ASSERT_TRUE(clocks.AddSnapshot({R(6, 10000), inc}));
  EXPECT_EQ(clocks.PacketToTraceTime(inc.id, 1), 11000);
  EXPECT_EQ(clocks.PacketToTraceTime(inc.id, 2), 13000);
  // The same id on another sequence is another clock.
  EXPECT_EQ(clocks.PacketToTraceTime(ClockTracker::SequenceScoped(8, 64), 1), std::nullopt);
  EXPECT_EQ(ClockTracker::SequenceScoped(8, 6), 6u);  // Builtin: global.
}

TEST(ClockTrackerTest, InvalidSnapshotsChangeNothing) {
  ClockTracker clocks;
  EXPECT_FALSE(clocks.AddSnapshot({R(6, 1), R(6, 2)}));  // Read twice.
  EXPECT_FALSE(clocks.AddSnapshot({R(6, 1), R(0, 2)}));  // Id 0.
  ASSERT_TRUE(clocks.AddSnapshot({R(6, 1000), R(3, 500)}));
  EXPECT_FALSE(clocks.AddSnapshot({R(6, 900), R(3, 600)}));  // Backwards.
  Reading huge = R(3, UINT64_MAX / 2);
  huge.unit_multiplier_ns = 4;
  EXPECT_FALSE(clocks.AddSnapshot({R(6, 2000), huge}));  // Overflow.
  EXPECT_EQ(clocks.ToTraceTime(3, 600), 1100);
  EXPECT_EQ(clocks.ToTraceTime(3, INT64_MIN), std::nullopt);  // Overflow.
}

TEST(ClockTrackerTest, MonotonicityIsCheckedPerSetOfClocks) {
  ClockTracker clocks;
  ASSERT_TRUE(clocks.AddSnapshot({R(1, 1000), R(6, 30)}));
  // BOOTTIME back from 30 to 25, but read with other clocks: a new series.
  ASSERT_TRUE(clocks.AddSnapshot({R(3, 15), R(6, 25)}));
  ASSERT_TRUE(clocks.AddSnapshot({R(6, 50), R(3, 25)}));  // Order is irrelevant.
  EXPECT_FALSE(clocks.AddSnapshot({R(3, 30), R(6, 40)}));  // Back in its series.
  EXPECT_EQ(clocks.ToTraceTime(3, 16), 26);
  EXPECT_EQ(clocks.ToTraceTime(3, 30), 55);
  EXPECT_EQ(clocks.ToTraceTime(1, 1001), 31);
}

TEST(ClockTrackerTest, HopTakesTheLatestSnapshotOfAnySeries) {
  ClockTracker clocks;
  ASSERT_TRUE(clocks.AddSnapshot({R(3, 100), R(6, 1000), R(1, 5000)}));
  ASSERT_TRUE(clocks.AddSnapshot({R(3, 1000), R(6, 2000)}));
  EXPECT_EQ(clocks.ToTraceTime(3, 50), 950);    // Before all: the first.
  EXPECT_EQ(clocks.ToTraceTime(3, 900), 1800);  // First series.
  EXPECT_EQ(clocks.ToTraceTime(3, 1200), 2200);  // Second series.
}

}  // namespace
}  // namespace weft
