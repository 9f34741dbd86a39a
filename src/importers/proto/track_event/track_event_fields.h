// TrackEventFields: what the parser needs of one TrackEvent, decoded in one
// pass (DecodeTrackEvent, track_event_decoder.h) before any row is
// written. Scalars live in a small struct on the parser's stack; repeated
// fields go to lists the parser reuses (TrackEventLists), so decoding
// allocates nothing per event.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_FIELDS_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_FIELDS_H_

#include <cstdint>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/slice_tracker.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/importers/proto/track_event/track_event_args.h"
#include "src/importers/proto/track_event/track_event_header.h"
#include "src/storage/trace_storage.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"

namespace weft {

// TrackEvent.legacy_event.
struct LegacyEventFields {
  enum IdKind : uint8_t { kNoId, kUnscoped, kLocal, kGlobal };
  IdKind id_kind = kNoId;
  bool has_bind_id = false, bind_to_enclosing = false;
  bool has_pid_override = false, has_tid_override = false;
  int32_t phase = 0, pid_override = 0, tid_override = 0;
  int32_t flow_direction = 0, instant_scope = 0;
  int64_t duration_us = -1, thread_duration_us = -1;
  uint64_t id = 0, bind_id = 0;
  StringId id_scope = kNullStringId, name = kNullStringId;  // name: name_iid resolved.
};

// The fields most events have: small (zeroed per event with a few vector
// stores, not a string instruction), on the parser's stack.
struct TrackEventFields {
  uint32_t type = 0;  // TrackEvent.Type; kUnspecified when absent.
  bool has_type = false, has_track = false, has_value = false, has_legacy = false;
  // callstack / callstack_iid / callstack_weight (values in TrackEventDetails).
  bool has_inline_stack = false, has_stack_iid = false, has_stack_weight = false;
  StringId name = kNullStringId;  // name or name_iid (the legacy name if neither).
  StringId correlation = kNullStringId;  // correlation_id(_str), as Perfetto's arg.
  uint64_t track_uuid = 0;  // The sequence's default track when absent (0: none).
  double value = 0;  // counter_value / double_counter_value.
  int64_t thread_time = kNoThreadTime, instruction_count = kNoThreadTime;
};

// The rest of a TrackEvent: repeated fields, the legacy event, typed args
// and the callstack. Kept by the parser across events to reuse the lists'
// capacity; DecodeTrackEvent resets it (the legacy event only after an
// event that had one).
struct TrackEventDetails {
  std::vector<StringId> categories;
  std::vector<uint64_t> flow_ids, terminating_flow_ids, extra_uuids, extra_double_uuids;
  std::vector<double> extra_values, extra_double_values;
  std::vector<protozero::data_view> annotations;
  std::vector<uint64_t> raw;  // Decoding scratch.
  LegacyEventFields legacy;
  TrackEventTypedFields typed;  // Fields left to TrackEventArgs.
  // Valid when TrackEventFields says the event has them.
  protozero::data_view inline_stack;
  uint64_t stack_iid = 0;
  double stack_weight = 0;

  void Reset() {
    categories.clear();
    flow_ids.clear();
    terminating_flow_ids.clear();
    extra_uuids.clear();
    extra_double_uuids.clear();
    extra_values.clear();
    extra_double_values.clear();
    annotations.clear();
    typed = TrackEventTypedFields();
    if (legacy_set) legacy = LegacyEventFields();
    legacy_set = false;
  }
  bool legacy_set = false;  // legacy differs from its defaults.
};

// The event's phase as a legacy JSON phase character ('B', 'E', 'i', 'C'
// for typed events, the legacy phase for untyped ones); 0 when it has none
// (a parser error). TYPE_STATE events are handled before this.
inline char TrackEventPhase(const TrackEventFields& f, const LegacyEventFields& legacy) {
  namespace type = pb::track_event_type;
  switch (f.type) {
    case type::kSliceBegin: return 'B';
    case type::kSliceEnd: return 'E';
    case type::kInstant: return 'i';
    case type::kCounter: return 'C';
    case type::kUnspecified:  // The legacy event's phase.
      if (f.has_legacy && legacy.phase > 0 && legacy.phase <= 127) {
        return static_cast<char>(legacy.phase);
      }
      return 0;
    default:
      return 0;
  }
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_FIELDS_H_
