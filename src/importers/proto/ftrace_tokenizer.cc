// ProtoTokenizer::TokenizeFtraceEvents: cuts the `print` events out of a
// TracePacket.ftrace_events bundle and queues each by its own timestamp
// (ftrace clock: BOOTTIME); weft imports no other ftrace event yet.
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/clock_snapshot.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event_bundle.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;

void ProtoTokenizer::TokenizeFtraceEvents(protozero::data_view bundle,
                                          const SequenceState& seq) {
  namespace fe = pb::ftrace_event;
  protozero::pbf_reader r(bundle);
  while (r.next(pb::ftrace_event_bundle::kEvent, kBytes)) {
    protozero::data_view event = r.get_view();
    uint64_t ts = 0;
    bool has_ts = false, has_print = false;
    protozero::pbf_reader e(event);
    while (e.next()) {
      if (e.tag_and_type() == tag_and_type(fe::kTimestamp, kVarint)) {
        ts = e.get_uint64();
        has_ts = true;
      } else {
        has_print |= e.tag() == fe::kPrint;
        e.skip();
      }
    }
    if (!has_print) continue;
    std::optional<int64_t> converted;
    if (has_ts) converted = PacketTime(ts, pb::builtin_clock::kBoottime, seq.seq_id);
    if (!converted) continue;  // Counted by PacketTime.
    if (*converted < 0) {
      storage_->stats.Increment(Stat::trace_sorter_negative_timestamp_dropped);
      continue;
    }
    if (event.size() > ProtoEventQueue::kMaxPayload) continue;  // Within a packet: cannot be.
    QueuedPacket q{};
    q.ts = *converted;
    q.kind = static_cast<uint32_t>(PacketKind::kFtracePrint);
    q.generation = seq.generation;
    queue_->Push(seq.lane, q, reinterpret_cast<const uint8_t*>(event.data()), event.size());
  }
}

}  // namespace weft
