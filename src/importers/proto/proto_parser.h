// ProtoParser: turns time-ordered packets into rows — tracks from
// TrackDescriptors (thread, process, child and counter tracks), processes
// and threads from their descriptors, slices / instants / counters from
// TrackEvents, debug annotations into args, flow ids into `flow`.
#ifndef SRC_IMPORTERS_PROTO_PROTO_PARSER_H_
#define SRC_IMPORTERS_PROTO_PROTO_PARSER_H_

#include <cstdint>
#include <unordered_map>
#include <unordered_set>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/debug_annotations.h"
#include "src/importers/proto/proto_event_queue.h"
#include "src/importers/proto/proto_tokenizer.h"

namespace weft {

class ProtoParser {
 public:
  ProtoParser(TraceContext* context, ProtoEventQueue* queue, const ProtoTokenizer* tokenizer);

  // Parses every queued packet in timestamp order, then empties the queue.
  void ParseAll();

 private:
  void Parse(const QueuedPacket& p);
  void ParseTrackEvent(const QueuedPacket& p, protozero::data_view event);
  void ParseThreadDescriptor(protozero::data_view desc);
  void ParseProcessDescriptor(protozero::data_view desc);
  // The track row for |uuid|, created on first use; kNull if unknown.
  uint32_t TrackForUuid(uint64_t uuid, int depth = 0);
  uint32_t ProcessTrack(uint32_t upid);
  void BindFlows(const std::vector<uint64_t>& ids, bool terminating, uint32_t slice);

  TraceContext* ctx_;
  TraceStorage* storage_;
  ProtoEventQueue* queue_;
  const ProtoTokenizer* tokenizer_;
  DebugAnnotationWriter annotations_;
  std::unordered_map<uint64_t, uint32_t> track_by_uuid_;
  std::unordered_map<uint32_t, uint32_t> process_track_by_upid_;
  // Tracks named after their first event (descriptors without a name).
  std::unordered_set<uint32_t> unnamed_tracks_;
  std::unordered_set<uint64_t> open_flows_;
  StringId type_track_event_, type_process_, type_counter_, default_track_name_;
  StringId thread_time_, thread_instruction_count_, unit_ns_, unit_count_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_PARSER_H_
