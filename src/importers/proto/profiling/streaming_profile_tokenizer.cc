// ProtoTokenizer, StreamingProfilePacket (Chrome's callstack sampling): the
// packet's i-th timestamp delta (microseconds, MONOTONIC, from the previous
// sample or TrackEvent of the sequence) dates its i-th callstack_iid. Each
// sample is queued alone, at its own time, as a StreamingProfilePacket with
// one callstack_iid (and the packet's process_priority), so the parser
// writes rows in time order like every other packet.
#include <optional>
#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>
#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/trace/clock_snapshot.fields.h"
#include "protos/perfetto/trace/profiling/profile_packet.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace sp = pb::streaming_profile_packet;

void ProtoTokenizer::TokenizeStreamingProfile(protozero::data_view bytes, SequenceState* seq) {
  std::vector<uint64_t> iids;
  std::vector<int64_t> deltas;
  std::optional<int32_t> priority;
  protozero::pbf_reader packet(bytes);
  while (packet.next()) {
    switch (packet.tag_and_type()) {
      case tag_and_type(sp::kCallstackIid, kVarint): iids.push_back(packet.get_uint64()); break;
      case tag_and_type(sp::kCallstackIid, kBytes):
        for (uint64_t iid : packet.get_packed_uint64()) iids.push_back(iid);
        break;
      case tag_and_type(sp::kTimestampDeltaUs, kVarint): deltas.push_back(packet.get_int64()); break;
      case tag_and_type(sp::kTimestampDeltaUs, kBytes):
        for (int64_t d : packet.get_packed_int64()) deltas.push_back(d);
        break;
      case tag_and_type(sp::kProcessPriority, kVarint): priority = packet.get_int32(); break;
      default: packet.skip();
    }
  }
  // Every delta advances the time, even one without a sample.
  if (iids.size() != deltas.size()) CountStat(Stat::stackprofile_parser_error);
  std::string sample;
  for (size_t i = 0; i < deltas.size(); ++i) {
    if (!AdvanceTrackEventTime(deltas[i], seq)) {
      CountStat(Stat::streaming_profile_invalid_timestamp);
      continue;
    }
    if (i >= iids.size()) continue;
    int64_t ns = seq->track_event_ns;
    std::optional<int64_t> converted = clocks_.ToTraceTime(pb::builtin_clock::kMonotonic, ns);
    QueuedPacket q{};
    q.ts = converted ? *converted : ns;
    q.kind = static_cast<uint32_t>(PacketKind::kStreamingProfileSample);
    q.generation = seq->generation;
    sample.clear();
    protozero::pbf_writer w(sample);
    w.add_uint64(sp::kCallstackIid, iids[i]);
    if (priority) w.add_int32(sp::kProcessPriority, *priority);
    queue_->Push(seq->lane, q, reinterpret_cast<const uint8_t*>(sample.data()), sample.size());
  }
}

}  // namespace weft
