#include "src/layout/lane_assigner.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

constexpr uint32_t kNoLane = LaneAssigner::kNoLane;

TEST(LaneAssignerTest, SequentialTracksShareOneLane) {
  LaneAssigner a;
  uint32_t last1 = kNoLane, last2 = kNoLane;
  EXPECT_EQ(a.StartUnit(1, 0, 10, &last1), 0u);
  EXPECT_EQ(a.StartUnit(2, 10, 20, &last2), 0u);  // Starts as 1 ends.
  EXPECT_EQ(a.lane_count(), 1u);
}

TEST(LaneAssignerTest, LaneCountIsPeakConcurrency) {
  LaneAssigner a;
  uint32_t last[4] = {kNoLane, kNoLane, kNoLane, kNoLane};
  EXPECT_EQ(a.StartUnit(0, 0, 100, &last[0]), 0u);
  EXPECT_EQ(a.StartUnit(1, 10, 50, &last[1]), 1u);
  EXPECT_EQ(a.StartUnit(2, 20, 30, &last[2]), 2u);
  // At 60 only track 0 is active: track 3 takes the lowest free lane.
  EXPECT_EQ(a.StartUnit(3, 60, 70, &last[3]), 1u);
  EXPECT_EQ(a.lane_count(), 3u);
}

TEST(LaneAssignerTest, TrackKeepsItsLaneWhenFree) {
  LaneAssigner a;
  uint32_t last1 = kNoLane, last2 = kNoLane;
  a.StartUnit(1, 0, 10, &last1);                  // Lane 0.
  EXPECT_EQ(a.StartUnit(2, 5, 15, &last2), 1u);   // Lane 1.
  // Both free at 20; track 2 goes back to lane 1, not the lowest.
  EXPECT_EQ(a.StartUnit(2, 20, 30, &last2), 1u);
}

TEST(LaneAssignerTest, SameTrackOverlappingUnitsShareLane) {
  LaneAssigner a;
  uint32_t last = kNoLane;
  EXPECT_EQ(a.StartUnit(7, 10, 11, &last), 0u);  // Two instants at 10.
  EXPECT_EQ(a.StartUnit(7, 10, 11, &last), 0u);
  EXPECT_EQ(a.lane_count(), 1u);
}

TEST(LaneAssignerTest, ExtendKeepsLaneBusy) {
  LaneAssigner a;
  uint32_t last1 = kNoLane, last2 = kNoLane;
  uint32_t lane = a.StartUnit(1, 0, 10, &last1);
  a.Extend(1, lane, 50);  // A child outliving its parent.
  EXPECT_EQ(a.StartUnit(2, 20, 30, &last2), 1u);
  EXPECT_EQ(a.lane_count(), 2u);
}

TEST(LaneAssignerTest, UnfinishedUnitNeverFreesItsLane) {
  LaneAssigner a;
  uint32_t last1 = kNoLane, last2 = kNoLane, last3 = kNoLane;
  a.StartUnit(1, 0, INT64_MAX, &last1);
  EXPECT_EQ(a.StartUnit(2, 100, 200, &last2), 1u);
  EXPECT_EQ(a.StartUnit(3, 300, 400, &last3), 1u);
  EXPECT_EQ(a.lane_count(), 2u);
}

}  // namespace
}  // namespace weft
