// ProtoTokenizer: per-packet sequence bookkeeping with protozero. Tokenize
// decodes a packet, then runs the steps defined before it (inlined into it:
// they run once per packet).
#include "src/importers/proto/proto_tokenizer.h"

#include <protozero/pbf_reader.hpp>

#include "src/base/compiler.h"
#include "src/importers/proto/args/compiled_descriptors.h"
#include "protos/perfetto/trace/trace_packet.fields.h"
#include "protos/perfetto/trace/track_event/thread_descriptor.fields.h"
#include "src/importers/proto/proto_wire.h"
#include "src/importers/proto/trace_packet_fields.h"

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
  trace_metadata_.Finish();
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

WEFT_ALWAYS_INLINE
bool ProtoTokenizer::IsPlainTrackEvent(const TracePacketFields& f) const {
  return f.payload_field == pb::trace_packet::kTrackEvent && !f.has_extension &&
         !f.has_clock_snapshot && !f.has_service_event && !f.has_defaults && !f.has_interned &&
         !f.about_trace_field && !f.cleared && !f.dropped && !f.first_packet && !f.raw_machine &&
         !f.has_range_of_interest && !has_incremental_counters_ &&
         !(f.flags & pb::trace_packet_sequence_flags::kSeqIncrementalStateCleared);
}

WEFT_ALWAYS_INLINE
SequenceState& ProtoTokenizer::SequenceOf(uint32_t seq_id, bool* is_new) {
  // Packets of one sequence come in runs: look the map up only on a change
  // (unordered_map keeps its elements in place).
  if (last_seq_ && last_seq_->seq_id == seq_id) return *last_seq_;
  auto [it, inserted] = sequences_.try_emplace(seq_id);
  last_seq_ = &it->second;
  if (inserted) {
    *is_new = true;
    trace_metadata_.OnNewSequence(seq_id);
    last_seq_->seq_id = seq_id;
    last_seq_->lane = static_cast<uint32_t>(sequences_.size() - 1);
    NewGeneration(last_seq_, /*copy=*/false);
  }
  return *last_seq_;
}

WEFT_ALWAYS_INLINE
void ProtoTokenizer::ApplySequenceFlags(const TracePacketFields& f, bool new_seq,
                                        SequenceState* seq) {
  if (f.first_packet) first_packet_seqs_.emplace(f.seq_id, queue_->epoch());
  if (f.dropped) {
    // The first packet of a sequence always says so (nothing came before).
    if (!new_seq) trace_metadata_.OnPacketLoss(f.seq_id, f.dropped);
    seq->incremental_state_valid = false;
    seq->track_event_time = SequenceState::kTimeUnset;
  }
  if (f.cleared || (f.flags & pb::trace_packet_sequence_flags::kSeqIncrementalStateCleared)) {
    const SequenceGeneration& old = *generations_[seq->generation];
    bool has_thread = old.has_thread;
    int64_t pid = old.pid, tid = old.tid;
    uint32_t machine_id = old.machine_id;
    SequenceGeneration* fresh = NewGeneration(seq, /*copy=*/false);
    // The sequence's pid/tid are not incremental state.
    fresh->has_thread = has_thread;
    fresh->pid = pid;
    fresh->tid = tid;
    fresh->machine_id = machine_id;
    seq->incremental_state_valid = true;
    seq->counter_totals.clear();
    seq->track_event_time = SequenceState::kTimeUnset;
  }
}

WEFT_ALWAYS_INLINE
uint32_t ProtoTokenizer::ApplyMachine(uint32_t raw_machine, bool new_seq, SequenceState* seq) {
  uint32_t machine = SequenceGeneration::kNoMachine;
  if (raw_machine != 0) machine = MachineRow(raw_machine);
  // The host's machine row is added with its first packet, which is on a
  // new sequence or on one whose packets came from another machine: the
  // rare paths, not every packet.
  bool machine_changed = generations_[seq->generation]->machine_id != machine;
  if ((new_seq || machine_changed) && raw_machine == 0) host_machine_ = MachineRow(0);
  if (machine_changed) NewGeneration(seq, /*copy=*/true)->machine_id = machine;
  return machine;
}

WEFT_ALWAYS_INLINE
bool ProtoTokenizer::HasNeededIncrementalState(uint32_t flags, SequenceState* seq) {
  if (!(flags & pb::trace_packet_sequence_flags::kSeqNeedsIncrementalState)) return true;
  if (!seq->incremental_state_valid) {
    CountStat(Stat::tokenizer_skipped_packets);
    trace_metadata_.OnIncrementalStateSkipped(seq->seq_id);
    return false;
  }
  if (!seq->used_incremental_state) {
    seq->used_incremental_state = true;
    trace_metadata_.OnIncrementalStateUsed(seq->seq_id);
  }
  return true;
}

WEFT_ALWAYS_INLINE
void ProtoTokenizer::QueuePayload(uint32_t field, protozero::data_view payload, bool has_ts,
                                  int64_t event_ts, const SequenceGeneration& gen,
                                  SequenceState* seq) {
  namespace tp = pb::trace_packet;
  bool track_event = field == tp::kTrackEvent;
  TrackEventHeader header;
  if (track_event) {
    switch (ScanTrackEvent(payload, gen, seq, &event_ts, &header)) {
      case LegacyTime::kNone: break;
      case LegacyTime::kSet: has_ts = true; break;
      case LegacyTime::kDrop: return;
    }
  }
  if (event_ts < 0) {
    CountStat(Stat::trace_sorter_negative_timestamp_dropped);
    return;
  }
  if (track_event && has_range_of_interest_ && event_ts < range_of_interest_start_ns_) {
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
  switch (field) {
    case tp::kTrackEvent:
      q.kind = static_cast<uint32_t>(PacketKind::kTrackEvent);
      if (has_incremental_counters_) {
        IncrementalValues values;
        if (AccumulateIncrementalCounters(payload, seq, gen, &values)) {
          incremental_values_.emplace(queue_->next_order(), std::move(values));
        }
      }
      break;
    case tp::kTrackDescriptor:
      q.kind = static_cast<uint32_t>(PacketKind::kTrackDescriptor);
      ReserveTrack(payload, seq);
      break;
    case tp::kThreadDescriptor:
      q.kind = static_cast<uint32_t>(PacketKind::kThreadDescriptor);
      ReadThreadDescriptor(payload, seq);
      break;
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
    case tp::kChromeTrigger:
      q.kind = static_cast<uint32_t>(PacketKind::kChromeTrigger);
      break;
    case tp::kGpuCounterEvent:
      q.kind = static_cast<uint32_t>(PacketKind::kGpuCounterEvent);
      break;
    case tp::kProcessStats:
      q.kind = static_cast<uint32_t>(PacketKind::kProcessStats);
      break;
    case tp::kFrameTimelineEvent:
      q.kind = static_cast<uint32_t>(PacketKind::kFrameTimelineEvent);
      break;
    case tp::kCpuInfo:
      q.kind = static_cast<uint32_t>(PacketKind::kCpuInfo);
      break;
    case tp::kSysStats:
      q.kind = static_cast<uint32_t>(PacketKind::kSysStats);
      break;
    case tp::kInitialDisplayState:
      q.kind = static_cast<uint32_t>(PacketKind::kInitialDisplayState);
      break;
    case tp::kConcurrentSessionEvent:
      q.kind = static_cast<uint32_t>(PacketKind::kConcurrentSessionEvent);
      break;
    case tp::kPerfSample:
      q.kind = static_cast<uint32_t>(PacketKind::kPerfSample);
      break;
    case tp::kStackSample:
      q.kind = static_cast<uint32_t>(PacketKind::kStackSample);
      break;
  }
  q.generation = seq->generation;
  if (track_event) {
    uint8_t encoded[TrackEventHeader::kMaxEncoded];
    queue_->Push(seq->lane, q, encoded, header.Encode(encoded),
                 reinterpret_cast<const uint8_t*>(payload.data()), payload.size());
    return;
  }
  queue_->Push(seq->lane, q, reinterpret_cast<const uint8_t*>(payload.data()), payload.size());
}

void ProtoTokenizer::Tokenize(const uint8_t* data, size_t size) {
  TracePacketFields f;
  DecodeTracePacket(data, size, &f);
  if (f.has_compressed) {
    TokenizeCompressed(f.compressed.view());
    return;
  }
  // TrackEvents without sequence changes touch nothing the parser reads
  // (but a stat, which locks itself); other packets take the lock, and
  // those that change how packets parse first wait for the parser.
  TokenizerAccess access(pipeline_->lock());
  if (!IsPlainTrackEvent(f)) {
    if (f.has_extension || f.has_clock_snapshot || f.about_trace_field) WaitForParser();
    access.Acquire();
  }
  if (f.has_range_of_interest) ReadRangeOfInterest(f.range_of_interest.view());
  if (f.has_extension) {
    int64_t ts = f.has_ts ? static_cast<int64_t>(f.ts) : last_ts_;
    ReadExtensionDescriptor(f.extension.view(), ts);
  }
  bool new_seq = false;
  SequenceState& seq = SequenceOf(f.seq_id, &new_seq);
  ApplySequenceFlags(f, new_seq, &seq);
  uint32_t machine = ApplyMachine(f.raw_machine, new_seq, &seq);
  if (f.has_clock_snapshot) ReadClockSnapshot(f.clock_snapshot.view(), f.seq_id);
  if (f.has_service_event) {
    ReadServiceEvent(f.service_event.view(), f.has_ts, f.ts, f.has_clock_id ? f.clock_id : 0,
                     f.seq_id, MachineTableRow(machine));
  }
  if (f.has_defaults) ReadDefaults(f.defaults.view(), NewGeneration(&seq, /*copy=*/true));
  // In place, under the lock: the parser reads a generation only while it
  // holds it. (Entries a packet needs come before it in a valid trace; an
  // iid defined after its use may resolve on the parser thread.)
  if (f.has_interned) ReadInternedData(f.interned.view(), generations_[seq.generation].get());
  if (f.about_trace_field) {
    trace_metadata_.ReadPacket(f.about_trace_field, f.about_trace.view(),
                               MachineTableRow(machine));
    return;
  }

  // Every timestamp is converted, even of packets that make no rows:
  // incremental clocks advance with each of them.
  const SequenceGeneration& gen = *generations_[seq.generation];
  uint32_t clock_id = f.has_clock_id ? f.clock_id : gen.default_clock_id;
  int64_t event_ts = last_ts_;
  if (f.has_ts && !PacketTime(f.ts, clock_id, f.seq_id, &event_ts)) return;
  if (!HasNeededIncrementalState(f.flags, &seq)) return;
  switch (f.payload_field) {
    case 0:
      return;
    case pb::trace_packet::kStreamingProfilePacket:
      TokenizeStreamingProfile(f.payload.view(), &seq);
      return;
    case pb::trace_packet::kFtraceEvents:
      TokenizeFtraceEvents(f.payload.view(), seq);
      return;
    default:
      if (IsPowerPacketField(f.payload_field)) {
        TokenizePowerPacket(f, event_ts, &seq);
        return;
      }
      QueuePayload(f.payload_field, f.payload.view(), f.has_ts, event_ts, gen, &seq);
  }
}

void ProtoTokenizer::ReadThreadDescriptor(protozero::data_view bytes, SequenceState* seq) {
  namespace td = pb::thread_descriptor;
  SequenceGeneration* g = NewGeneration(seq, /*copy=*/true);
  protozero::pbf_reader desc(bytes);
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
        SetTrackEventReferenceTime(desc.get_int64(), seq);
        break;
      default:
        desc.skip();
    }
  }
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
