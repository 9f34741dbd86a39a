// ProtoParser::ParseStateEvent: TrackEvents of TYPE_STATE, the states of
// the state tracks TrackDescriptor.state declares (rows of the `state`
// table, kept by StateTracker).
#include "src/importers/proto/proto_parser.h"

namespace weft {

void ProtoParser::ParseStateEvent(int64_t ts, uint64_t track_uuid, uint32_t seq_id,
                                  StringId category, StringId value) {
  content_annotations_.OnTrackEvent(category, value);  // Before any error, as for others.
  // Only a descriptor's state track takes states (Perfetto: no fallback to
  // the sequence's thread).
  uint32_t track = track_uuid != 0 ? TrackForUuid(track_uuid, seq_id) : Uint32Column::kNull;
  if (track == Uint32Column::kNull || storage_->track.kind(track) != TrackEventType::kState) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  states_.Change(track, ts, category, value);
}

}  // namespace weft
