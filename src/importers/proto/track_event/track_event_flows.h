// TrackEventFlows: a TrackEvent's flows into FlowTracker — flow_ids and
// terminating_flow_ids (v2, by id across the trace), a legacy event's
// bind_id with its flow direction, and legacy flow events ('s', 't', 'f',
// v1, keyed by id, category and name).
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_FLOWS_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_FLOWS_H_

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/track_event/track_event_fields.h"

namespace weft {

class TrackEventFlows {
 public:
  explicit TrackEventFlows(TraceContext* context) : ctx_(context) {}

  // The flows of the event that made |slice| on |track| (an end event's
  // slice when |is_end|). Inline: most events have no flows.
  void OnSlice(const TrackEventDetails& event, uint32_t track, uint32_t slice, bool is_end) {
    if (!is_end) ctx_->flows.OnSliceBegin(track, slice);
    if (!event.flow_ids.empty()) BindIds(event.flow_ids, /*terminating=*/false, slice);
    if (!event.terminating_flow_ids.empty()) {
      BindIds(event.terminating_flow_ids, /*terminating=*/true, slice);
    }
    const LegacyEventFields& legacy = event.legacy;
    if (legacy.has_bind_id) BindLegacy(legacy.bind_id, legacy.flow_direction, slice);
  }
  // A legacy flow event (|phase| 's', 't' or 'f') of flow |key| at |ts| on
  // |track|: binds to the slice open there ('f' without bind_to_enclosing:
  // to the next slice that begins on |track|).
  void LegacyFlowEvent(char phase, uint64_t key, bool bind_to_enclosing, uint32_t track,
                       int64_t ts);

 private:
  void BindIds(const std::vector<uint64_t>& ids, bool terminating, uint32_t slice);
  void BindLegacy(uint64_t bind_id, int32_t direction, uint32_t slice);

  TraceContext* ctx_;
  std::unordered_set<uint64_t> open_;  // flow_ids begun and not terminated.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_FLOWS_H_
