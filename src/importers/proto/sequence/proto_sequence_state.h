// State the tokenizer keeps per packet sequence (trusted_packet_sequence_id)
// and per track descriptor. A SequenceGeneration is what a packet needs from
// its sequence to be parsed later (interned strings, defaults, the thread of
// a legacy ThreadDescriptor); a new generation starts when the incremental
// state is cleared or the defaults change, so queued packets keep seeing
// the state they were written against.
#ifndef SRC_IMPORTERS_PROTO_SEQUENCE_PROTO_SEQUENCE_STATE_H_
#define SRC_IMPORTERS_PROTO_SEQUENCE_PROTO_SEQUENCE_STATE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "src/importers/proto/sequence/iid_map.h"
#include "src/storage/string_pool.h"

namespace weft {

// An interned SourceLocation (InternedData.source_locations).
struct InternedSourceLocation {
  StringId file_name = kNullStringId;
  StringId function_name = kNullStringId;
  int64_t line_number = 0;
};

// Interned mappings, frames and callstacks (track_event_callstacks.h).
struct InternedProfiling;

struct SequenceGeneration {
  using InternMap = IidMap<StringId>;
  uint32_t seq_id = 0;  // trusted_packet_sequence_id.
  InternMap event_names;
  InternMap categories;
  InternMap annotation_names;
  InternMap annotation_strings;
  InternMap histogram_names;
  InternMap log_message_bodies;
  InternMap kernel_symbols;
  IidMap<InternedSourceLocation> source_locations;
  // Null until the sequence interns profiling data; shared with the
  // generations copied from this one until either interns more.
  std::shared_ptr<InternedProfiling> profiling;
  // TracePacketDefaults.
  bool has_default_track = false;
  uint64_t default_track_uuid = 0;
  uint32_t default_clock_id = 0;
  std::vector<uint64_t> default_extra_counter_uuids;
  std::vector<uint64_t> default_extra_double_counter_uuids;
  // TracePacketDefaults.perf_sample_defaults / stack_sample_defaults, as
  // bytes (decoded by the profiling parsers); has_: given.
  bool has_perf_sample_defaults = false, has_stack_sample_defaults = false;
  std::string perf_sample_defaults, stack_sample_defaults;
  // Legacy ThreadDescriptor packet (or the thread of a TrackDescriptor on
  // this sequence): events without a track go to its thread.
  bool has_thread = false;
  int64_t pid = 0;
  int64_t tid = 0;
  // Dense id of TracePacket.machine_id (its machine table row); kNoMachine
  // for the host. Rows created for the packet get it as machine_id.
  static constexpr uint32_t kNoMachine = UINT32_MAX;
  uint32_t machine_id = kNoMachine;
};

struct SequenceState {
  uint32_t generation = 0;          // Index into the tokenizer's generations.
  uint32_t seq_id = 0;
  uint32_t lane = 0;  // The event queue lane of its packets.
  bool incremental_state_valid = false;
  // Some packet needing the incremental state had it (for TraceStats).
  bool used_incremental_state = false;
  // Time of the deprecated delta-encoded TrackEvent timestamps: set by a
  // ThreadDescriptor's reference_timestamp_us, unset by packet loss or an
  // incremental state reset, invalid after an overflow.
  enum TrackEventTime : uint8_t { kTimeUnset, kTimeValid, kTimeInvalid };
  TrackEventTime track_event_time = kTimeUnset;
  int64_t track_event_ns = 0;
  // Running totals of incremental counters, by track uuid.
  std::unordered_map<uint64_t, double> counter_totals;
};

// What a TrackDescriptor said about its uuid (the first one wins).
struct TrackDescriptorInfo {
  uint64_t uuid = 0;
  uint64_t parent_uuid = 0;  // 0: none.
  StringId name = kNullStringId;
  StringId description = kNullStringId;
  bool has_process = false;
  bool has_thread = false;
  int64_t pid = 0;
  int64_t tid = 0;
  StringId process_name = kNullStringId;
  StringId thread_name = kNullStringId;
  bool is_counter = false;
  bool is_state = false;  // TrackDescriptor.state.
  uint32_t counter_type = 0;  // CounterDescriptor.BuiltinCounterType.
  StringId unit = kNullStringId;
  int64_t unit_multiplier = 1;
  bool is_incremental = false;
  StringId counter_category = kNullStringId;
  // disallow_merging_with_system_tracks: a thread track of its own.
  bool use_separate_track = false;
  uint32_t child_ordering = 0;  // TrackDescriptor.ChildTracksOrdering.
  bool has_rank = false;
  int64_t sibling_order_rank = 0;
  uint32_t merge_behavior = 0;  // TrackDescriptor.SiblingMergeBehavior.
  StringId merge_key = kNullStringId;
  StringId host_app = kNullStringId;  // ChromeProcessDescriptor.
  // The epoch this version was read in, and the version before a rename
  // (the parser sees the one of its packet's epoch).
  uint32_t epoch = 0;
  const TrackDescriptorInfo* earlier = nullptr;
};

using TrackDescriptorMap = std::unordered_map<uint64_t, TrackDescriptorInfo>;

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SEQUENCE_PROTO_SEQUENCE_STATE_H_
