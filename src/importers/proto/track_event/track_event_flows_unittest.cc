// Unit tests of the TrackEvent flow step (TrackEventFlows): flow ids,
// terminating flow ids, legacy bind ids and legacy flow events into `flow`.
#include "src/importers/proto/track_event/track_event_flows.h"

#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

class TrackEventFlowsTest : public ::testing::Test {
 protected:
  // Slices 0..19, slice i starting at time i, for the tests that name
  // slices by id.
  void SetUp() override {
    for (int64_t i = 0; i < 20; ++i) {
      storage_.slice.Insert(i, 1, 0, kNullStringId, kNullStringId, 0, Uint32Column::kNull,
                            Uint32Column::kNull);
    }
  }
  // The flow table as (slice_out, slice_in) pairs.
  std::vector<std::pair<uint32_t, uint32_t>> Flows() {
    std::vector<std::pair<uint32_t, uint32_t>> out;
    for (uint32_t i = 0; i < storage_.flow.slice_out.size(); ++i) {
      out.emplace_back(storage_.flow.slice_out[i], storage_.flow.slice_in[i]);
    }
    return out;
  }
  void Slice(uint32_t slice, std::vector<uint64_t> ids, std::vector<uint64_t> terminating,
             bool is_end = false) {
    details_.Reset();
    details_.flow_ids = std::move(ids);
    details_.terminating_flow_ids = std::move(terminating);
    flows_.OnSlice(details_, /*track=*/0, slice, is_end);
  }

  TraceStorage storage_;
  TraceContext context_{&storage_};
  TrackEventFlows flows_{&context_};
  TrackEventDetails details_;
};

TEST_F(TrackEventFlowsTest, FlowIdsChainUntilTerminated) {
  Slice(1, {7}, {});
  Slice(2, {7}, {});
  Slice(3, {}, {7});
  Slice(4, {}, {7});  // Already terminated: nothing.
  Slice(5, {7}, {});  // Begins a new flow.
  Slice(6, {7}, {});
  using P = std::pair<uint32_t, uint32_t>;
  EXPECT_EQ(Flows(), (std::vector<P>{P(1, 2), P(2, 3), P(5, 6)}));
}

TEST_F(TrackEventFlowsTest, LegacyBindIdDirections) {
  namespace fd = pb::track_event_legacy_event_flow_direction;
  LegacyEventFields& legacy = details_.legacy;
  legacy.has_bind_id = true;
  legacy.bind_id = 3;
  legacy.flow_direction = fd::kFlowOut;
  Slice(10, {}, {});
  legacy.flow_direction = fd::kFlowIn;
  Slice(11, {}, {});
  Slice(12, {}, {});  // v2 ends stay open: a second slice binds too.
  using P = std::pair<uint32_t, uint32_t>;
  EXPECT_EQ(Flows(), (std::vector<P>{P(10, 11), P(10, 12)}));
}

TEST_F(TrackEventFlowsTest, LegacyFlowEventsBindToEnclosingOrNextSlice) {
  uint32_t track = context_.tracks.ThreadTrack(context_.processes.UpdateThread(2, 1));
  SliceInfo info;
  uint32_t a = context_.slices.Begin(track, 100, info);
  flows_.LegacyFlowEvent('s', /*key=*/1, false, track, 110);
  context_.slices.End(track, 120, info);
  // 'f' without bind_to_enclosing: the next slice that begins on the track.
  flows_.LegacyFlowEvent('f', 1, false, track, 130);
  uint32_t b = context_.slices.Begin(track, 140, info);
  details_.Reset();
  flows_.OnSlice(details_, track, b, /*is_end=*/false);
  context_.slices.End(track, 150, info);
  using P = std::pair<uint32_t, uint32_t>;
  EXPECT_EQ(Flows(), (std::vector<P>{P(a, b)}));
  // No slice open at the event's time: counted, no flow.
  flows_.LegacyFlowEvent('s', 2, false, track, 200);
  EXPECT_EQ(storage_.stats.Get(Stat::flow_no_enclosing_slice), 1);
}

}  // namespace
}  // namespace weft
