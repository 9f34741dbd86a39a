// ProtoTokenizer: per-packet sequence bookkeeping with protozero.
#include "src/importers/proto/proto_tokenizer.h"

#include <protozero/pbf_reader.hpp>

#include "src/importers/proto/args/compiled_descriptors.h"
#include "protos/perfetto/trace/trace_packet.fields.h"
#include "protos/perfetto/trace/track_event/thread_descriptor.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

}  // namespace

ProtoTokenizer::ProtoTokenizer(TraceStorage* storage, ProtoEventQueue* queue,
                               ProtoParsePipeline* pipeline, const TraceConfig& config)
    : storage_(storage), queue_(queue), pipeline_(pipeline), config_(config) {
  generations_.emplace_back(new SequenceGeneration());  // Shared empty state.
  Status compiled =
      descriptor_pool_.AddFileDescriptorSet(kCompiledDescriptorSet, kCompiledDescriptorSetSize);
  (void)compiled;  // Generated from protos/ at build time; cannot be malformed.
}

void ProtoTokenizer::OnPacket(const uint8_t* data, size_t size) {
  try {
    Tokenize(data, size);
  } catch (const protozero::exception&) {
    CountStat(Stat::proto_malformed_packet);
  }
  ExtractPending();
}

void ProtoTokenizer::ExtractPending() {
  if (!extraction_pending_) return;
  extraction_pending_ = false;
  queue_->ExtractPending();
  pipeline_->Submit();
}

void ProtoTokenizer::NotifyEndOfFile() {
  trace_metadata_.WriteTraceClock(static_cast<int64_t>(clocks_.trace_clock()));
}

SequenceGeneration* ProtoTokenizer::NewGeneration(SequenceState* seq, bool copy) {
  TokenizerAccess access(pipeline_->lock());  // The parser reads generations_.
  access.Acquire();
  auto* gen = copy ? new SequenceGeneration(*generations_[seq->generation])
                   : new SequenceGeneration();
  gen->seq_id = seq->seq_id;
  generations_.emplace_back(gen);
  seq->generation = static_cast<uint32_t>(generations_.size() - 1);
  return gen;
}

void ProtoTokenizer::Tokenize(const uint8_t* data, size_t size) {
  namespace tp = pb::trace_packet;
  protozero::pbf_reader packet(reinterpret_cast<const char*>(data), size);
  bool has_ts = false, cleared = false, first_packet = false;
  uint32_t dropped = 0;  // DataLossReason bits.
  uint64_t ts = 0;
  uint32_t clock_id = 0, seq_id = 0, flags = 0, raw_machine = 0;
  bool has_clock_id = false;
  protozero::data_view defaults, interned, payload, extension, clock_snapshot;
  bool has_defaults = false, has_interned = false, has_extension = false;
  bool has_clock_snapshot = false, has_service_event = false;
  protozero::data_view range_of_interest;
  bool has_range_of_interest = false;
  protozero::data_view service_event;
  uint32_t payload_field = 0;
  protozero::data_view about_trace;  // A packet about the trace itself.
  uint32_t about_trace_field = 0;
  while (packet.next()) {
    switch (packet.tag_and_type()) {
      case tag_and_type(tp::kTimestamp, kVarint):
        ts = packet.get_uint64();
        has_ts = true;
        break;
      case tag_and_type(tp::kTimestampClockId, kVarint):
        clock_id = packet.get_uint32();
        has_clock_id = true;
        break;
      case tag_and_type(tp::kTrustedPacketSequenceId, kVarint):
        seq_id = packet.get_uint32();
        break;
      case tag_and_type(tp::kMachineId, kVarint):
        raw_machine = packet.get_uint32();
        break;
      case tag_and_type(tp::kSequenceFlags, kVarint):
        flags = packet.get_uint32();
        break;
      case tag_and_type(tp::kIncrementalStateCleared, kVarint):
        cleared |= packet.get_bool();
        break;
      case tag_and_type(tp::kPreviousPacketDropped, kVarint):
        dropped |= packet.get_uint32();
        break;
      case tag_and_type(tp::kFirstPacketOnSequence, kVarint):
        first_packet |= packet.get_bool();
        break;
      case tag_and_type(tp::kTracePacketDefaults, kBytes):
        defaults = packet.get_view();
        has_defaults = true;
        break;
      case tag_and_type(tp::kInternedData, kBytes):
        interned = packet.get_view();
        has_interned = true;
        break;
      case tag_and_type(tp::kExtensionDescriptor, kBytes):
        extension = packet.get_view();
        has_extension = true;
        break;
      case tag_and_type(tp::kCompressedPackets, kBytes):
        // A container of other packets: nothing else in it matters.
        TokenizeCompressed(packet.get_view());
        return;
      case tag_and_type(tp::kTrackEventRangeOfInterest, kBytes):
        range_of_interest = packet.get_view();
        has_range_of_interest = true;
        break;
      case tag_and_type(tp::kServiceEvent, kBytes):
        service_event = packet.get_view();
        has_service_event = true;
        break;
      case tag_and_type(tp::kClockSnapshot, kBytes):
        clock_snapshot = packet.get_view();
        has_clock_snapshot = true;
        break;
      case tag_and_type(tp::kFtraceEvents, kBytes):
      case tag_and_type(tp::kTrackEvent, kBytes):
      case tag_and_type(tp::kStreamingProfilePacket, kBytes):
      case tag_and_type(tp::kTrackDescriptor, kBytes):
      case tag_and_type(tp::kThreadDescriptor, kBytes):
      case tag_and_type(tp::kProcessDescriptor, kBytes):
      case tag_and_type(tp::kProcessTree, kBytes):
      case tag_and_type(tp::kTrigger, kBytes):
      case tag_and_type(tp::kCloneSnapshotTrigger, kBytes):
      case tag_and_type(tp::kGpuCounterEvent, kBytes):
        payload_field = packet.tag();
        payload = packet.get_view();
        break;
      case tag_and_type(tp::kTraceStats, kBytes):
      case tag_and_type(tp::kFtraceStats, kBytes):
      case tag_and_type(tp::kSystemInfo, kBytes):
      case tag_and_type(tp::kTraceConfig, kBytes):
      case tag_and_type(tp::kTraceUuid, kBytes):
      case tag_and_type(tp::kTraceAttributes, kBytes):
        about_trace_field = packet.tag();
        about_trace = packet.get_view();
        break;
      default:
        packet.skip();
    }
  }

  // TrackEvents without sequence changes touch nothing the parser reads
  // (but a stat, which locks itself); other packets take the lock, and
  // those that change how packets parse first wait for the parser.
  TokenizerAccess access(pipeline_->lock());
  bool plain_track_event =
      payload_field == tp::kTrackEvent && !has_extension && !has_clock_snapshot &&
      !has_service_event && !has_defaults && !has_interned && !about_trace_field && !cleared &&
      !dropped && !first_packet && !raw_machine && !has_range_of_interest &&
      !has_incremental_counters_ &&
      !(flags & pb::trace_packet_sequence_flags::kSeqIncrementalStateCleared);
  if (!plain_track_event) {
    if (has_extension || has_clock_snapshot || about_trace_field) WaitForParser();
    access.Acquire();
  }
  if (has_range_of_interest) ReadRangeOfInterest(range_of_interest);
  if (has_extension) ReadExtensionDescriptor(extension, has_ts ? static_cast<int64_t>(ts) : last_ts_);
  // Packets of one sequence come in runs: look the map up only on a change
  // (unordered_map keeps its elements in place).
  bool new_seq = false;
  if (!last_seq_ || last_seq_->seq_id != seq_id) {
    auto [seq_it, inserted] = sequences_.try_emplace(seq_id);
    last_seq_ = &seq_it->second;
    new_seq = inserted;
  }
  SequenceState& seq = *last_seq_;
  if (new_seq) {
    trace_metadata_.OnNewSequence(seq_id);
    seq.seq_id = seq_id;
    seq.lane = static_cast<uint32_t>(sequences_.size() - 1);
    NewGeneration(&seq, /*copy=*/false);
  }
  if (first_packet) first_packet_seqs_.emplace(seq_id, queue_->extractions());
  if (dropped) {
    // The first packet of a sequence always says so (nothing came before).
    if (!new_seq) trace_metadata_.OnPacketLoss(seq_id, dropped);
    seq.incremental_state_valid = false;
    seq.track_event_time = SequenceState::kTimeUnset;
  }
  if (cleared || (flags & pb::trace_packet_sequence_flags::kSeqIncrementalStateCleared)) {
    const SequenceGeneration& old = *generations_[seq.generation];
    bool has_thread = old.has_thread;
    int64_t pid = old.pid, tid = old.tid;
    SequenceGeneration* fresh = NewGeneration(&seq, /*copy=*/false);
    // The sequence's pid/tid are not incremental state.
    fresh->has_thread = has_thread;
    fresh->pid = pid;
    fresh->tid = tid;
    fresh->machine_id = old.machine_id;
    seq.incremental_state_valid = true;
    seq.counter_totals.clear();
    seq.track_event_time = SequenceState::kTimeUnset;
  }
  uint32_t machine = SequenceGeneration::kNoMachine;
  if (raw_machine != 0) machine = MachineRow(raw_machine);
  // The host's machine row is added with its first packet, which is on a
  // new sequence or on one whose packets came from another machine: the
  // rare paths, not every packet.
  bool machine_changed = generations_[seq.generation]->machine_id != machine;
  if ((new_seq || machine_changed) && raw_machine == 0) host_machine_ = MachineRow(0);
  if (machine_changed) NewGeneration(&seq, /*copy=*/true)->machine_id = machine;
  if (has_clock_snapshot) ReadClockSnapshot(clock_snapshot, seq_id);
  if (has_service_event) {
    ReadServiceEvent(service_event, has_ts, ts, has_clock_id ? clock_id : 0, seq_id,
                     MachineTableRow(machine));
  }
  if (has_defaults) ReadDefaults(defaults, NewGeneration(&seq, /*copy=*/true));
  // In place, under the lock: the parser reads a generation only while it
  // holds it. (Entries a packet needs come before it in a valid trace; an
  // iid defined after its use may resolve on the parser thread.)
  if (has_interned) ReadInternedData(interned, generations_[seq.generation].get());
  if (about_trace_field) {
    trace_metadata_.ReadPacket(about_trace_field, about_trace, MachineTableRow(machine));
    return;
  }

  // Every timestamp is converted, even of packets that make no rows:
  // incremental clocks advance with each of them.
  const SequenceGeneration& gen = *generations_[seq.generation];
  if (!has_clock_id) clock_id = gen.default_clock_id;
  int64_t event_ts = last_ts_;
  if (has_ts && !PacketTime(ts, clock_id, seq_id, &event_ts)) return;
  if (flags & pb::trace_packet_sequence_flags::kSeqNeedsIncrementalState) {
    if (!seq.incremental_state_valid) {
      CountStat(Stat::tokenizer_skipped_packets);
      trace_metadata_.OnIncrementalStateSkipped(seq_id);
      return;
    }
    if (!seq.used_incremental_state) {
      seq.used_incremental_state = true;
      trace_metadata_.OnIncrementalStateUsed(seq_id);
    }
  }
  if (!payload_field) return;
  if (payload_field == tp::kStreamingProfilePacket) {
    StreamingProfileTimestamps(payload, &seq);
    return;
  }
  if (payload_field == tp::kFtraceEvents) {
    TokenizeFtraceEvents(payload, seq);
    return;
  }
  TrackEventHeader header;
  if (payload_field == tp::kTrackEvent) {
    switch (ScanTrackEvent(payload, gen, &seq, &event_ts, &header)) {
      case LegacyTime::kNone: break;
      case LegacyTime::kSet: has_ts = true; break;
      case LegacyTime::kDrop: return;
    }
  }
  if (event_ts < 0) {
    CountStat(Stat::trace_sorter_negative_timestamp_dropped);
    return;
  }
  if (payload_field == tp::kTrackEvent && has_range_of_interest_ &&
      event_ts < range_of_interest_start_ns_) {
    CountStat(Stat::track_event_cropped);
    return;
  }
  if (has_ts) last_ts_ = event_ts;

  if (payload.size() + TrackEventHeader::kMaxEncoded > ProtoEventQueue::kMaxPayload) {
    CountStat(Stat::proto_malformed_packet);
    return;
  }
  QueuedPacket q{};
  q.ts = event_ts;
  switch (payload_field) {
    case tp::kTrackEvent:
      q.kind = static_cast<uint32_t>(PacketKind::kTrackEvent);
      if (has_incremental_counters_) {
        IncrementalValues values;
        if (AccumulateIncrementalCounters(payload, &seq, gen, &values)) {
          incremental_values_.emplace(queue_->next_order(), std::move(values));
        }
      }
      break;
    case tp::kTrackDescriptor:
      q.kind = static_cast<uint32_t>(PacketKind::kTrackDescriptor);
      ReserveTrack(payload, &seq);
      break;
    case tp::kThreadDescriptor: {
      q.kind = static_cast<uint32_t>(PacketKind::kThreadDescriptor);
      namespace td = pb::thread_descriptor;
      SequenceGeneration* g = NewGeneration(&seq, /*copy=*/true);
      protozero::pbf_reader desc(payload);
      while (desc.next()) {
        switch (desc.tag_and_type()) {
          case tag_and_type(td::kPid, kVarint):
            g->pid = desc.get_int32();
            break;
          case tag_and_type(td::kTid, kVarint):
            g->tid = desc.get_int32();
            g->has_thread = true;
            break;
          case tag_and_type(td::kReferenceTimestampUs, kVarint):
            SetTrackEventReferenceTime(desc.get_int64(), &seq);
            break;
          default:
            desc.skip();
        }
      }
      break;
    }
    case tp::kProcessDescriptor:
      q.kind = static_cast<uint32_t>(PacketKind::kProcessDescriptor);
      break;
    case tp::kProcessTree:
      q.kind = static_cast<uint32_t>(PacketKind::kProcessTree);
      break;
    case tp::kTrigger:
      q.kind = static_cast<uint32_t>(PacketKind::kTrigger);
      break;
    case tp::kCloneSnapshotTrigger:
      q.kind = static_cast<uint32_t>(PacketKind::kCloneSnapshotTrigger);
      break;
    case tp::kGpuCounterEvent:
      q.kind = static_cast<uint32_t>(PacketKind::kGpuCounterEvent);
      break;
  }
  q.generation = seq.generation;
  if (payload_field == tp::kTrackEvent) {
    uint8_t encoded[TrackEventHeader::kMaxEncoded];
    queue_->Push(seq.lane, q, encoded, header.Encode(encoded),
                 reinterpret_cast<const uint8_t*>(payload.data()), payload.size());
    return;
  }
  queue_->Push(seq.lane, q, reinterpret_cast<const uint8_t*>(payload.data()), payload.size());
}

uint32_t ProtoTokenizer::MachineRow(uint32_t raw_machine) {
  auto [it, inserted] = machine_ids_.emplace(raw_machine, 0);
  if (!inserted) return it->second;
  TokenizerAccess access(pipeline_->lock());
  access.Acquire();
  it->second = storage_->machine.Insert(raw_machine);
  return it->second;
}

}  // namespace weft
