// ProtoTokenizer::TokenizeFtraceEvents: cuts the events weft imports out of
// a TracePacket.ftrace_events bundle and queues each by its own timestamp
// (ftrace clock: BOOTTIME); FtraceParser gives them meaning.
#include <protozero/pbf_reader.hpp>
#include <protozero/varint.hpp>

#include "protos/perfetto/trace/clock_snapshot.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event_bundle.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/ftrace/ftrace_parser.h"
#include "src/importers/proto/ftrace/queued_ftrace_event.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;

// The FtraceEvent fields (oneof `event`) that FtraceParser reads.
bool IsImportedEvent(uint32_t field) {
  namespace fe = pb::ftrace_event;
  switch (field) {
    case fe::kPrint:
    case fe::kSchedSwitch:
    case fe::kSchedWakeup:
    case fe::kSchedWaking:
    case fe::kSchedWakeupNew:
    case fe::kSchedBlockedReason:
    case fe::kSysEnter:
    case fe::kSysExit:
    case fe::kCpuFrequency:
    case fe::kCpuFrequencyLimits:
    case fe::kCpuIdle:
    case fe::kTaskNewtask:
    case fe::kTaskRename:
    case fe::kSchedProcessFree:
    case fe::kTracingMarkWrite:
    case fe::kSdeTracingMarkWrite:
    case fe::kDpuTracingMarkWrite:
    case fe::kG2dTracingMarkWrite:
    case fe::kMaliTracingMarkWrite:
      return true;
    default:
      return FtraceParser::IsKernelEvent(field) || FtraceDeviceEvents::Handles(field);
  }
}

// Reads an event's timestamp and the fields the parser needs
// (QueuedFtraceEvent: pid, common_flags, the event message; of a repeated
// field, the last). False if the event is malformed: bad bytes, no
// timestamp, or an imported event kind that is not a message.
bool ScanEvent(protozero::data_view event, uint64_t* ts, QueuedFtraceEvent* out) {
  namespace fe = pb::ftrace_event;
  bool has_ts = false;
  try {
    protozero::pbf_reader e(event);
    while (e.next()) {
      uint32_t field = e.tag();
      if (field == fe::kTimestamp) {
        if (e.wire_type() != kVarint) return false;
        *ts = e.get_uint64();
        has_ts = true;
      } else if (e.wire_type() == kBytes) {
        // FtraceEvent's only message fields: the oneof `event`.
        out->kind = field;
        out->body = e.get_view();
      } else if (e.tag_and_type() == tag_and_type(fe::kPid, kVarint)) {
        out->tid = e.get_uint32();
      } else if (e.tag_and_type() == tag_and_type(fe::kCommonFlags, kVarint)) {
        out->common_flags = e.get_uint32();
        out->has_common_flags = true;
      } else if (IsImportedEvent(field)) {
        return false;
      } else {
        e.skip();
      }
    }
  } catch (const protozero::exception&) {
    return false;
  }
  return has_ts;
}

// The bundle's cpu (field 1, usually first, but not necessarily).
uint32_t ReadBundleCpu(protozero::data_view bundle) {
  protozero::pbf_reader r(bundle);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(pb::ftrace_event_bundle::kCpu, kVarint)) {
      return r.get_uint32();
    }
    r.skip();
  }
  return 0;
}

}  // namespace

void ProtoTokenizer::TokenizeFtraceEvents(protozero::data_view bundle,
                                          const SequenceState& seq) {
  // A bundle whose framing is broken throws out of here: its packet is
  // malformed. A malformed event inside a well-framed bundle is skipped.
  uint32_t cpu = ReadBundleCpu(bundle);
  protozero::pbf_reader r(bundle);
  while (r.next()) {
    if (r.tag_and_type() ==
            tag_and_type(pb::ftrace_event_bundle::kLastReadEventTimestamp, kVarint) ||
        r.tag_and_type() ==
            tag_and_type(pb::ftrace_event_bundle::kPreviousBundleEndTimestamp, kVarint)) {
      NoteFtraceDataStart(r.get_uint64(), seq);
      continue;
    }
    if (r.tag_and_type() == tag_and_type(pb::ftrace_event_bundle::kCompactSched, kBytes)) {
      TokenizeCompactSched(cpu, r.get_view(), seq);
      continue;
    }
    if (r.tag_and_type() != tag_and_type(pb::ftrace_event_bundle::kEvent, kBytes)) {
      r.skip();
      continue;
    }
    protozero::data_view event = r.get_view();
    uint64_t ts = 0;
    QueuedFtraceEvent queued;
    queued.cpu = cpu;
    if (!ScanEvent(event, &ts, &queued)) {
      CountStat(Stat::ftrace_bundle_tokenizer_errors);
      continue;
    }
    int64_t converted;
    if (!PacketTime(ts, pb::builtin_clock::kBoottime, seq.seq_id, &converted)) continue;
    if (converted < 0) {
      CountStat(Stat::trace_sorter_negative_timestamp_dropped);
      continue;
    }
    // Every kernel event counts towards trace_bounds, and is queued: the
    // ones weft does not read still make their thread (FtraceParser::Parse).
    storage_->NoteRawEventTime(converted);
    if (queued.body.size() > ProtoEventQueue::kMaxPayload - kMaxQueuedFtraceHeader) {
      continue;  // Within a packet: cannot be.
    }
    QueuedPacket q{};
    q.ts = converted;
    q.kind = static_cast<uint32_t>(PacketKind::kFtraceEvent);
    q.generation = seq.generation;
    char header[kMaxQueuedFtraceHeader];
    size_t header_size = EncodeQueuedFtraceHeader(queued, header);
    queue_->Push(ProtoEventQueue::FtraceLane(cpu), q, header, header_size,
                 reinterpret_cast<const uint8_t*>(queued.body.data()), queued.body.size());
  }
}

void ProtoTokenizer::NoteFtraceDataStart(uint64_t raw_ts, const SequenceState& seq) {
  // ftrace_latest_data_start_ns, per machine: the latest point from which
  // every cpu's kernel data is complete (Perfetto's metadata key).
  int64_t ts;
  if (!PacketTime(raw_ts, pb::builtin_clock::kBoottime, seq.seq_id, &ts)) return;
  uint32_t machine = MachineTableRow(generations_[seq.generation]->machine_id);
  DeferWrite([storage = storage_, machine, ts] {
    MetadataTable& metadata = storage->metadata;
    StringId key = storage->Intern("ftrace_latest_data_start_ns");
    uint32_t row = metadata.Find(key, machine);
    if (row == MetadataTable::kNone) {
      metadata.InsertInt(key, storage->Intern("single"), ts, machine, /*trace=*/0);
    } else if (metadata.int_value.IsNull(row) || metadata.int_value[row] < ts) {
      metadata.int_value.Set(row, ts);
    }
  });
}

}  // namespace weft
