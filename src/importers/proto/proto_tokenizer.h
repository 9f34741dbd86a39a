// ProtoTokenizer: reads each TracePacket the framer cuts out in file order —
// sequence state (incremental state, interned strings, packet defaults),
// timestamps, track descriptors, incremental counters — and queues the
// packets that make rows for the parser. Malformed packets (protozero
// throws on them) become a stat here, at the packet boundary.
#ifndef SRC_IMPORTERS_PROTO_PROTO_TOKENIZER_H_
#define SRC_IMPORTERS_PROTO_PROTO_TOKENIZER_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/base/status.h"
#include "src/importers/proto/args/descriptor_pool.h"
#include "src/importers/proto/ftrace/compact_sched.h"
#include "src/trace/trace_config.h"
#include "src/importers/proto/sequence/clock_tracker.h"
#include "src/importers/proto/proto_event_queue.h"
#include "src/importers/proto/proto_parse_pipeline.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/importers/proto/metadata/trace_metadata_reader.h"
#include "src/importers/proto/trace_packet_fields.h"
#include "src/importers/proto/track_event/track_event_header.h"
#include "src/storage/trace_storage.h"

namespace weft {

// Whether TracePacket field |field| is one TokenizePowerPacket queues.
bool IsPowerPacketField(uint32_t field);

class ProtoTokenizer {
 public:
  ProtoTokenizer(TraceStorage* storage, ProtoEventQueue* queue, ProtoParsePipeline* pipeline,
                 const TraceConfig& config);

  // One whole TracePacket (bytes valid only during the call).
  void OnPacket(const uint8_t* data, size_t size);
  // Metadata known once every packet was read (the trace clock); the
  // parser is done.
  void NotifyEndOfFile();

  // What the parser reads. Descriptors are seen by a packet of epoch
  // |epoch| (see ProtoEventQueue::epoch()) as they were when that epoch
  // began, though the tokenizer may have gone on since; a
  // generation's interned data grows in place (under the shared lock).
  const SequenceGeneration& generation(uint32_t index) const {
    return *generations_[index];
  }
  const TrackDescriptorInfo* FindDescriptor(uint64_t uuid, uint32_t epoch) const {
    auto it = descriptors_.find(uuid);
    if (it == descriptors_.end()) return nullptr;
    const TrackDescriptorInfo* d = &it->second;
    while (d && d->epoch >= epoch) d = d->earlier;
    return d;
  }
  // For the parser's conversions of timestamps inside payloads (with
  // ToTraceTimeReadOnly: snapshots are added while the parser is idle).
  const ClockTracker* clock_tracker() const { return &clocks_; }
  // Message schemas for typed args: compiled-in, plus the trace's
  // ExtensionDescriptor packets (registered when read, so they apply to
  // every event of the trace, as in Perfetto).
  const DescriptorPool& descriptor_pool() const { return descriptor_pool_; }
  // Running totals of an event's incremental counters (by QueuedPacket
  // order), or nullptr when it has none.
  struct IncrementalValues {
    bool has_counter_value = false;  // Replaces the event's counter_value.
    double counter_value = 0;
    // Extra counter values, int ones then double ones; only incremental
    // tracks' entries differ from the event's own.
    std::vector<double> extra;
  };
  const IncrementalValues* incremental_values(uint32_t order) const {
    if (incremental_values_.empty()) return nullptr;
    auto it = incremental_values_.find(order);
    return it == incremental_values_.end() ? nullptr : &it->second;
  }
  bool has_first_packet(uint32_t seq_id, uint32_t epoch) const {
    auto it = first_packet_seqs_.find(seq_id);
    return it != first_packet_seqs_.end() && it->second < epoch;
  }
  // Whether sibling_order_rank of process / thread tracks is a sort hint.
  bool process_rank_hint(uint32_t epoch) const { return process_rank_hint_ < epoch; }
  bool thread_rank_hint(uint32_t epoch) const { return thread_rank_hint_ < epoch; }
  // The machine table row of a generation's machine id (the host's too).
  uint32_t MachineTableRow(uint32_t machine) const {
    return machine == SequenceGeneration::kNoMachine ? host_machine_ : machine;
  }

 private:
  // One packet: decoded (DecodeTracePacket), then the steps below.
  void Tokenize(const uint8_t* data, size_t size);
  // A TrackEvent packet that changes no state the parser reads (it is
  // tokenized without the shared lock).
  bool IsPlainTrackEvent(const TracePacketFields& f) const;
  // The state of sequence |seq_id|; *is_new set if it is its first packet.
  SequenceState& SequenceOf(uint32_t seq_id, bool* is_new);
  // first_packet_on_sequence, previous_packet_dropped and incremental
  // state resets.
  void ApplySequenceFlags(const TracePacketFields& f, bool new_seq, SequenceState* seq);
  // The packet's machine (a new generation when it changes); returns its
  // machine table row (kNoMachine: the host).
  uint32_t ApplyMachine(uint32_t raw_machine, bool new_seq, SequenceState* seq);
  // False (counted) for a packet that needs incremental state its
  // sequence lost.
  bool HasNeededIncrementalState(uint32_t flags, SequenceState* seq);
  // Queues the payload (TracePacket field |field|) at |event_ts| for the
  // parser, after what the tokenizer reads of it (TrackEvent timestamps and
  // header, descriptors).
  void QueuePayload(uint32_t field, protozero::data_view payload, bool has_ts, int64_t event_ts,
                    const SequenceGeneration& gen, SequenceState* seq);
  // A legacy ThreadDescriptor: the sequence's thread, in a new generation.
  void ReadThreadDescriptor(protozero::data_view bytes, SequenceState* seq);
  // Counts a stat (taking the lock the parser shares).
  void CountStat(Stat stat) {
    TokenizerAccess access(pipeline_->lock());
    access.Acquire();
    storage_->stats.Increment(stat);
  }
  // A storage write that must land in parse order (see ProtoParsePipeline).
  void DeferWrite(ProtoParsePipeline::StorageWrite write) {
    ExtractPending();
    pipeline_->Defer(std::move(write));
  }
  // Waits until the parser is idle, before state it reads changes.
  void WaitForParser() {
    ExtractPending();
    pipeline_->WaitIdle();
  }
  // A sorting window closed by a service event: its packets go to the
  // parser once the packet is tokenized (outside the lock).
  void ExtractPending();
  // Starts a new generation for |seq|, empty or copying the current one.
  SequenceGeneration* NewGeneration(SequenceState* seq, bool copy);
  void ReadInternedData(protozero::data_view bytes, SequenceGeneration* gen);
  void ReadSourceLocation(protozero::data_view bytes, SequenceGeneration* gen);
  void ReadExtensionDescriptor(protozero::data_view bytes, int64_t ts);
  void ReadDefaults(protozero::data_view bytes, SequenceGeneration* gen);
  // The machine table row of a raw TracePacket.machine_id, added if new.
  uint32_t MachineRow(uint32_t raw_machine);
  void ReserveTrack(protozero::data_view bytes, SequenceState* seq);
  // Accumulates the event's incremental counters (its value and extra
  // values) into |out|; false if it has none.
  bool AccumulateIncrementalCounters(protozero::data_view event, SequenceState* seq,
                                     const SequenceGeneration& gen, IncrementalValues* out);
  // TracingServiceEvent (proto_tokenizer_service_events.cc): sorting
  // window markers and trace-level metadata (of machine table row
  // |machine|). The service writes its timestamps in BOOTTIME.
  void ReadServiceEvent(protozero::data_view bytes, bool has_ts, uint64_t ts, uint32_t clock_id,
                        uint32_t seq_id, uint32_t machine);

  // Timestamps (proto_tokenizer_timestamps.cc).
  void ReadClockSnapshot(protozero::data_view bytes, uint32_t seq_id);
  // Rows of the clock_snapshot table for a valid snapshot.
  void RecordClockSnapshot(const std::vector<ClockTracker::Reading>& readings,
                           const std::vector<uint32_t>& raw_ids);
  StringId ClockName(uint32_t builtin_clock_id);
  // A packet's timestamp in the trace clock, in |*out|; false (stat
  // counted) if it cannot be converted. Called per packet and per ftrace
  // event: returning an optional<> through memory stalled that path.
  bool PacketTime(uint64_t ts, uint32_t clock_id, uint32_t seq_id, int64_t* out);
  void SetTrackEventReferenceTime(int64_t us, SequenceState* seq);
  // Adds a microsecond delta to the sequence's TrackEvent time; false when
  // the time is unknown or overflows.
  bool AdvanceTrackEventTime(int64_t delta_us, SequenceState* seq);
  enum class LegacyTime { kNone, kSet, kDrop };
  // One walk over a TrackEvent's fields: timestamp_delta_us /
  // timestamp_absolute_us into |ts| (kDrop, stat counted, when the event
  // must be dropped), and the leading fields into |header| (resolved with
  // |gen|).
  LegacyTime ScanTrackEvent(protozero::data_view event, const SequenceGeneration& gen,
                            SequenceState* seq, int64_t* ts, TrackEventHeader* header);
  // A StreamingProfilePacket: its timestamp deltas advance the sequence's
  // TrackEvent time, and each sample is queued at its time as a one-sample
  // StreamingProfilePacket (profiling/streaming_profile_tokenizer.cc).
  void TokenizeStreamingProfile(protozero::data_view packet, SequenceState* seq);
  // TracePacket.ftrace_events: queues each event weft imports by its own
  // timestamp (ftrace_tokenizer.cc).
  void TokenizeFtraceEvents(protozero::data_view bundle, const SequenceState& seq);
  void TokenizeCompactSched(uint32_t cpu, protozero::data_view compact, const SequenceState& seq);
  struct TimedCompactEvent {
    int64_t ts;
    CompactSchedEvent event;
  };
  // Queues a bundle's compact switches and wakings in parse order.
  void QueueCompactEvents(uint32_t cpu, const std::vector<TimedCompactEvent>& switches,
                          const std::vector<TimedCompactEvent>& wakings, const SequenceState& seq);
  // A bundle's previous_bundle_end_timestamp (or its older name
  // last_read_event_timestamp; raw, BOOTTIME).
  void NoteFtraceDataStart(uint64_t raw_ts, const SequenceState& seq);
  // Power and battery packets, for PowerParser (power/power_tokenizer.cc).
  void TokenizePowerPacket(const TracePacketFields& f, int64_t event_ts, SequenceState* seq);
  void QueuePowerPacket(int64_t ts, const std::string& packet, SequenceState* seq);
  void TokenizePowerRails(const TracePacketFields& f, int64_t packet_ts, SequenceState* seq);
  void QueueRailSample(const TracePacketFields& f, int64_t packet_ts, uint64_t session,
                       uint32_t machine, protozero::data_view sample, SequenceState* seq);
  // TracePacket.compressed_packets (compressed_packets.cc).
  void TokenizeCompressed(protozero::data_view bytes);
  // TracePacket.track_event_range_of_interest: metadata, and the crop start
  // with --crop-track-events.
  void ReadRangeOfInterest(protozero::data_view bytes);

  TraceStorage* storage_;
  ProtoEventQueue* queue_;
  ProtoParsePipeline* pipeline_;
  bool extraction_pending_ = false;
  std::unordered_map<uint32_t, SequenceState> sequences_;
  SequenceState* last_seq_ = nullptr;  // The previous packet's sequence.
  ClockTracker clocks_;
  uint32_t clock_snapshots_ = 0;  // Valid ones so far (snapshot_id).
  TraceConfig config_;
  // TracePacket.track_event_range_of_interest, in the trace clock.
  bool has_range_of_interest_ = false;
  bool has_range_metadata_ = false;
  bool inside_compressed_ = false;
  int64_t range_of_interest_start_ns_ = 0;
  // Raw id (0: the host) -> machine table row, in order of appearance.
  std::unordered_map<uint32_t, uint32_t> machine_ids_;
  uint32_t host_machine_ = SequenceGeneration::kNoMachine;
  TraceMetadataReader trace_metadata_{storage_, &descriptor_pool_};
  bool has_incremental_counters_ = false;
  // Power rail descriptors by (machine, session_uuid, index): their bytes.
  std::map<std::tuple<uint32_t, uint64_t, uint32_t>, std::string> power_rail_descriptors_;
  int64_t last_ts_ = 0;  // For packets without a timestamp.

  // What the parser thread reads, on cache lines of its own: the fields
  // above change with every packet (sharing a line would make each core
  // steal it from the other).
  alignas(64) std::vector<std::unique_ptr<SequenceGeneration>> generations_;
  TrackDescriptorMap descriptors_;
  // Earlier versions of renamed descriptors (TrackDescriptorInfo::earlier).
  std::deque<TrackDescriptorInfo> descriptor_versions_;
  DescriptorPool descriptor_pool_;
  // Sequence id -> the epoch its first_packet_on_sequence came in.
  std::unordered_map<uint32_t, uint32_t> first_packet_seqs_;
  std::unordered_map<uint32_t, IncrementalValues> incremental_values_;
  // The epoch the hint was first given in (UINT32_MAX: never).
  uint32_t process_rank_hint_ = UINT32_MAX, thread_rank_hint_ = UINT32_MAX;
  alignas(64) char end_of_parser_state_ = 0;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_TOKENIZER_H_
