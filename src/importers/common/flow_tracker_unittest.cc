#include "src/importers/common/flow_tracker.h"

#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

class FlowTrackerTest : public ::testing::Test {
 protected:
  // Slices 0..99, slice i starting at time i (flows order ends by start).
  void SetUp() override {
    for (int64_t i = 0; i < 100; ++i) {
      storage_.slice.Insert(i, 1, 0, kNullStringId, kNullStringId, 0, Uint32Column::kNull,
                            Uint32Column::kNull);
    }
  }
  std::vector<std::pair<uint32_t, uint32_t>> Flows() {
    std::vector<std::pair<uint32_t, uint32_t>> out;
    for (uint32_t r = 0; r < storage_.flow.row_count(); ++r) {
      out.emplace_back(storage_.flow.slice_out[r], storage_.flow.slice_in[r]);
    }
    return out;
  }
  using F = std::vector<std::pair<uint32_t, uint32_t>>;
  TraceStorage storage_;
  FlowTracker flows_{&storage_};
};

TEST_F(FlowTrackerTest, BeginEndClose) {
  flows_.Begin(1, 10, 1);
  flows_.End(1, 20, /*close=*/true);
  EXPECT_EQ(Flows(), (F{{10, 20}}));
  flows_.End(1, 30, true);
  EXPECT_EQ(Flows(), (F{{10, 20}})) << "closed";
  EXPECT_EQ(storage_.stats.Get(Stat::flow_end_without_start), 1);
}

TEST_F(FlowTrackerTest, StepsChain) {
  flows_.Begin(5, 1, 5);
  flows_.Step(5, 2, 5);
  flows_.Step(5, 3, 5);
  flows_.End(5, 4, true);
  EXPECT_EQ(Flows(), (F{{1, 2}, {2, 3}, {3, 4}}));
}

TEST_F(FlowTrackerTest, V2FlowsStayOpen) {
  flows_.Begin(9, 1, 9);
  flows_.End(9, 2, /*close=*/false);
  flows_.End(9, 3, false);
  EXPECT_EQ(Flows(), (F{{1, 2}, {1, 3}}));
}

TEST_F(FlowTrackerTest, KeysAreIndependent) {
  flows_.Begin(1, 10, 1);
  flows_.Begin(2, 20, 2);
  flows_.End(2, 21, true);
  flows_.End(1, 11, true);
  EXPECT_EQ(Flows(), (F{{20, 21}, {10, 11}}));
}

TEST_F(FlowTrackerTest, DuplicateBeginReplacesSource) {
  flows_.Begin(1, 10, 1);
  flows_.Begin(1, 11, 1);
  EXPECT_EQ(storage_.stats.Get(Stat::flow_duplicate_id), 1);
  flows_.End(1, 12, true);
  EXPECT_EQ(Flows(), (F{{11, 12}}));
}

TEST_F(FlowTrackerTest, StepWithoutBeginStartsFlow) {
  flows_.Step(3, 7, 3);
  EXPECT_EQ(storage_.stats.Get(Stat::flow_end_without_start), 1);
  EXPECT_EQ(Flows(), F{});
  flows_.End(3, 8, true);
  EXPECT_EQ(Flows(), (F{{7, 8}}));
}

TEST_F(FlowTrackerTest, EndAtNextSlice) {
  flows_.Begin(1, 10, 1);
  flows_.Begin(2, 11, 2);
  flows_.EndAtNextSlice(1, /*track=*/5);
  flows_.EndAtNextSlice(2, 5);
  flows_.EndAtNextSlice(3, 5);  // Never started.
  EXPECT_EQ(storage_.stats.Get(Stat::flow_end_without_start), 1);
  flows_.OnSliceBegin(4, 40);  // Other track: nothing.
  EXPECT_EQ(Flows(), F{});
  flows_.OnSliceBegin(5, 50);
  EXPECT_EQ(Flows(), (F{{10, 50}, {11, 50}}));
  flows_.OnSliceBegin(5, 51);  // Already resolved.
  EXPECT_EQ(Flows().size(), 2u);
  flows_.End(1, 60, true);  // The v1 flow was closed by the wait.
  EXPECT_EQ(Flows().size(), 2u);
}

// JSON v1 ids are reused: "s f s f" is two flows, "s s f f" binds both ends
// to the first start (the second is a duplicate), and an "f" without a new
// "s" links from the last source.
TEST_F(FlowTrackerTest, V1StartAfterEndStartsAgain) {
  flows_.StartV1(1, 10);
  flows_.EndV1(1, 11);
  flows_.StartV1(1, 20);
  flows_.EndV1(1, 21);
  EXPECT_EQ(Flows(), (F{{10, 11}, {20, 21}}));
  EXPECT_EQ(storage_.stats.Get(Stat::flow_duplicate_id), 0);
}

TEST_F(FlowTrackerTest, V1DuplicateStartKeepsFirst) {
  flows_.StartV1(1, 10);
  flows_.StartV1(1, 20);
  EXPECT_EQ(storage_.stats.Get(Stat::flow_duplicate_id), 1);
  flows_.EndV1(1, 11);
  flows_.EndV1(1, 21);
  EXPECT_EQ(Flows(), (F{{10, 11}, {10, 21}}));
}

TEST_F(FlowTrackerTest, V1EndAtNextSliceKeepsSource) {
  flows_.StartV1(1, 10);
  flows_.EndV1AtNextSlice(1, /*track=*/5);
  flows_.OnSliceBegin(5, 50);
  flows_.EndV1AtNextSlice(1, 5);
  flows_.OnSliceBegin(5, 51);
  flows_.EndV1(2, 60);  // Never started.
  EXPECT_EQ(Flows(), (F{{10, 50}, {10, 51}}));
  EXPECT_EQ(storage_.stats.Get(Stat::flow_end_without_start), 1);
}

// A step or end whose slice starts before the flow's source slice links
// them the other way round; binding to the next slice never swaps.
TEST_F(FlowTrackerTest, EndBeforeSourceSwapsDirection) {
  flows_.Begin(1, 50, 1);
  flows_.End(1, 20, /*close=*/true);
  flows_.Begin(2, 60, 2);
  flows_.Step(2, 30, 2);
  flows_.End(2, 40, true);
  flows_.Begin(3, 70, 3);
  flows_.EndAtNextSlice(3, /*track=*/5);
  flows_.OnSliceBegin(5, 10);
  EXPECT_EQ(Flows(), (F{{20, 50}, {30, 60}, {30, 40}, {70, 10}}));
}

TEST_F(FlowTrackerTest, TraceIds) {
  flows_.Begin(100, 1, /*trace_id=*/57);
  flows_.Step(100, 2, 57);
  flows_.End(100, 3, true);
  flows_.StartV1(7, 10);  // v1 ids count from 0 in order of first use.
  flows_.EndV1(8, 11);    // Unstarted, but numbered.
  flows_.StartV1(8, 12);
  flows_.EndV1(8, 13);
  flows_.EndV1(7, 14);
  storage_.flow.Insert(20, 21);  // Not a trace flow.
  std::vector<int64_t> ids;
  for (uint32_t r = 0; r < storage_.flow.row_count(); ++r) {
    ids.push_back(storage_.flow.trace_id.IsNull(r) ? -1 : storage_.flow.trace_id[r]);
  }
  EXPECT_EQ(ids, (std::vector<int64_t>{57, 57, 1, 0, -1}));
}

}  // namespace
}  // namespace weft
