// TrackEventFlows: TrackEvent flow ids and legacy flows into FlowTracker.
#include "src/importers/proto/track_event/track_event_flows.h"

#include "src/base/hash.h"

namespace weft {
namespace {

uint64_t FlowKey(uint64_t id) { return HashCombine(id, 0x747266); }  // "trf"
uint64_t BindKey(uint64_t bind_id) { return HashCombine(bind_id, 0x7632); }

}  // namespace

void TrackEventFlows::BindIds(const std::vector<uint64_t>& ids, bool terminating,
                              uint32_t slice) {
  for (uint64_t id : ids) {
    uint64_t key = FlowKey(id);
    bool open = open_.count(id) != 0;
    int64_t trace_id = static_cast<int64_t>(id);
    if (terminating) {
      if (!open) continue;
      ctx_->flows.End(key, slice, /*close=*/true);
      open_.erase(id);
    } else if (open) {
      ctx_->flows.Step(key, slice, trace_id);
    } else {
      ctx_->flows.Begin(key, slice, trace_id);
      open_.insert(id);
    }
  }
}

void TrackEventFlows::BindLegacy(uint64_t bind_id, int32_t direction, uint32_t slice) {
  namespace fd = pb::track_event_legacy_event_flow_direction;
  uint64_t key = BindKey(bind_id);
  int64_t trace_id = static_cast<int64_t>(bind_id);
  if (direction == fd::kFlowInout) {
    ctx_->flows.Step(key, slice, trace_id);
  } else if (direction == fd::kFlowOut) {
    ctx_->flows.Begin(key, slice, trace_id);
  } else if (direction == fd::kFlowIn) {
    ctx_->flows.End(key, slice, /*close=*/false);
  }
}

void TrackEventFlows::LegacyFlowEvent(char phase, uint64_t key, bool bind_to_enclosing,
                                      uint32_t track, int64_t ts) {
  int64_t trace_id = ctx_->flows.V1TraceId(key);
  if (phase == 'f' && !bind_to_enclosing) {
    ctx_->flows.EndAtNextSlice(key, track);
    return;
  }
  uint32_t slice = ctx_->slices.OpenSliceAt(track, ts);
  if (slice == kNoSlice) {
    ctx_->storage->stats.Increment(Stat::flow_no_enclosing_slice);
    return;
  }
  if (phase == 's') {
    ctx_->flows.Begin(key, slice, trace_id);
  } else if (phase == 't') {
    ctx_->flows.Step(key, slice, trace_id);
  } else {
    ctx_->flows.End(key, slice, /*close=*/true);
  }
}

}  // namespace weft
