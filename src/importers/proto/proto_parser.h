// ProtoParser: turns time-ordered packets into rows — tracks from
// TrackDescriptors (thread, process, child and counter tracks), processes
// and threads from their descriptors, slices / instants / counters from
// TrackEvents, debug annotations into args, flow ids into `flow`.
#ifndef SRC_IMPORTERS_PROTO_PROTO_PARSER_H_
#define SRC_IMPORTERS_PROTO_PROTO_PARSER_H_

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/state_tracker.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/proto/track_event/debug_annotations.h"
#include "src/importers/proto/ftrace/ftrace_parser.h"
#include "src/importers/proto/ftrace/process_tree_parser.h"
#include "src/importers/proto/track_event/proto_content_annotations.h"
#include "src/importers/proto/proto_event_queue.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/track_event/track_event_args.h"
#include "src/importers/proto/track_event/track_event_callstacks.h"
#include "src/importers/proto/android/android_framework_events.h"
#include "src/importers/proto/ftrace/process_stats_parser.h"
#include "src/importers/proto/frame_timeline/frame_timeline_parser.h"
#include "src/importers/proto/gpu/gpu_counter_parser.h"
#include "src/importers/proto/power/power_parser.h"
#include "src/importers/common/profiler_sample_tracker.h"
#include "src/importers/proto/profiling/perf_sample_parser.h"
#include "src/importers/proto/profiling/stack_sample_parser.h"
#include "src/importers/proto/profiling/streaming_profile_parser.h"
#include "src/importers/proto/system/cpu_info_parser.h"
#include "src/importers/proto/system/sys_stats_parser.h"
#include "src/importers/proto/track_event/track_event_fields.h"
#include "src/importers/proto/track_event/track_event_flows.h"
#include "src/importers/proto/metadata/concurrent_sessions_parser.h"
#include "src/importers/proto/metadata/trigger_parser.h"

namespace weft {

class ProtoParser {
 public:
  ProtoParser(TraceContext* context, const ProtoTokenizer* tokenizer, const ClockTracker* clocks);

  // One packet, handed over by the event queue in timestamp order;
  // |payload| is its TrackEvent / descriptor. A packet older than one
  // already parsed (it came after its sorting window closed) is dropped.
  void Parse(const QueuedPacket& p, protozero::data_view payload);
  // The packets that follow are of epoch |epoch| (see
  // ProtoTokenizer::FindDescriptor).
  void BeginEpoch(uint32_t epoch) { epoch_ = epoch; }
  // The --analyze-trace-proto-content arg sets; once, after the last packet.
  void WriteContentAnnotations() { content_annotations_.WriteArgs(); }

 private:
  const TrackDescriptorInfo* Descriptor(uint64_t uuid) const {
    return tokenizer_->FindDescriptor(uuid, epoch_);
  }
  // TrackEvents (track_event/proto_parser_track_event.cc): decoded, then
  // written by the steps below.
  void ParseTrackEvent(const QueuedPacket& p, protozero::data_view event);
  // Where an event goes: its track (kNull until known) and its thread and
  // process (kNull: none).
  struct EventTrack {
    uint32_t track = Uint32Column::kNull;
    uint32_t utid = Uint32Column::kNull;
    uint32_t upid = Uint32Column::kNull;
  };
  // The event's track uuid's track, or (legacy events) its thread; false
  // if its track uuid is unknown.
  bool ResolveEventTrack(const TrackEventFields& f, const SequenceGeneration& gen, EventTrack* t);
  // |t|'s track, set to its thread's track (or the default one) if none.
  uint32_t ThreadTrackOf(EventTrack* t, uint32_t seq_id);
  // Counters sampled with the event: extra counter values (a thread time
  // counter's value becomes |*thread_time|), or else the thread time and
  // instruction count given on the event itself.
  void EmitExtraCounters(const QueuedPacket& p, const SequenceGeneration& gen,
                         int64_t* thread_time);
  void EmitThreadCounters(int64_t ts, uint32_t utid, const TrackEventFields& f);
  // A TYPE_COUNTER event's value on its counter |track|.
  void EmitCounterEvent(const QueuedPacket& p, const TrackEventFields& f, uint32_t track);
  // The track of a slice or instant of phase |ph| (async ids, instant
  // scopes), or a legacy flow event handled whole; false when the event
  // makes no slice (stat counted if it was an error).
  bool PlaceEvent(int64_t ts, char ph, const TrackEventFields& f, StringId category,
                  uint32_t seq_id, EventTrack* t);
  // The event's arg set (kNull if it has no args); |event| is its bytes,
  // |async_begin| whether it begins or steps an async slice.
  uint32_t WriteEventArgs(const TrackEventFields& f, const SequenceGeneration& gen,
                          protozero::data_view event, char ph, bool async_begin, uint32_t utid);
  // The slice row (kNoSlice if none; the arg set is then released where the
  // slice tracker did not take it).
  uint32_t EmitSlice(int64_t ts, char ph, const LegacyEventFields& legacy, uint32_t track,
                     SliceInfo* info);
  // A TYPE_STATE event: a new state (|value|, NULL: none) of its state track.
  void ParseStateEvent(int64_t ts, uint64_t track_uuid, uint32_t seq_id, StringId category,
                       StringId value);
  void ParseTrackDescriptor(const SequenceGeneration& gen, protozero::data_view desc);
  void ParseThreadDescriptor(protozero::data_view desc);
  void ParseProcessDescriptor(protozero::data_view desc);
  // Where a descriptor track lives: its thread or process (the root track
  // of that scope when |is_root|), or nowhere (global).
  struct Resolved {
    enum Scope : uint8_t { kGlobal, kThread, kProcess } scope = kGlobal;
    bool is_root = false;
    uint32_t utid = Uint32Column::kNull;
    uint32_t upid = Uint32Column::kNull;
  };
  // Resolves |uuid| (and its ancestors); false for unknown uuids and loops.
  bool Resolve(uint64_t uuid, Resolved* out, int depth = 0);
  // The track row for |uuid|, created on first use; kNull if unknown.
  // What the descriptor says about laying |track| out (merging, ordering).
  void RecordLayoutHint(uint32_t track, const TrackDescriptorInfo& d, bool is_root);
  uint32_t TrackForUuid(uint64_t uuid, uint32_t seq_id, int depth = 0);
  // The track's source args (what its descriptor said).
  void AddTrackArgs(uint32_t track, uint64_t uuid, const TrackDescriptorInfo* d,
                    bool is_root, uint32_t seq_id);
  // Perfetto's dimension args of a global track merged by name
  // (proto_track_dimensions.cc).
  void AddMergedTrackDimensions(uint32_t track, StringId name, uint64_t parent_uuid);
  // The track of legacy async id |id| in |scope| (|upid|: local ids'
  // process, kNull for global ones); |event_upid| is the event's process.
  uint32_t AsyncTrack(uint32_t upid, uint64_t id, StringId scope, StringId name,
                      uint32_t event_upid);
  // Perfetto's dimension and source args of a legacy async track
  // (proto_track_dimensions.cc).
  void AddLegacyAsyncTrackArgs(uint32_t track, uint32_t upid, StringId scope, StringId name,
                               uint32_t event_upid);

  TraceContext* ctx_;
  TraceStorage* storage_;
  int64_t last_ts_ = INT64_MIN;  // Of the last packet parsed.
  uint32_t epoch_ = 0;
  const ProtoTokenizer* tokenizer_;
  DebugAnnotationWriter annotations_;
  ProcessTreeParser process_tree_;
  TrackEventArgs typed_args_;
  TrackEventCallstacks callstacks_;
  ProtoContentAnnotations content_annotations_;
  FtraceParser ftrace_;
  TriggerParser triggers_{ctx_};
  GpuCounterParser gpu_counters_{ctx_};
  AndroidFrameworkEvents android_framework_events_{ctx_};
  ProcessStatsParser process_stats_{ctx_};
  PowerParser power_{ctx_};
  FrameTimelineParser frame_timeline_{ctx_};
  // CpuInfo and SysStats packets (system/), of the packet's machine.
  void ParseSystemProbe(const QueuedPacket& p, protozero::data_view payload);
  CpuInfoParser cpu_info_{ctx_};
  SysStatsParser sys_stats_{ctx_->storage};
  StreamingProfileParser streaming_profiles_{ctx_, &callstacks_};
  ProfilerSampleTracker profiler_samples_{storage_};
  PerfSampleParser perf_samples_{ctx_, &callstacks_, &profiler_samples_};
  StackSampleParser stack_samples_{ctx_, &callstacks_, &profiler_samples_};
  StateTracker states_;
  ConcurrentSessionsParser concurrent_sessions_{storage_, &states_};
  // ParseTrackEvent's per-event details, kept to reuse their capacity.
  TrackEventDetails details_;
  TrackEventFlows flows_{ctx_};
  std::unordered_map<uint64_t, uint32_t> track_by_uuid_;
  struct TrackCacheEntry {
    uint64_t uuid = 0;
    uint32_t track = Uint32Column::kNull;
  };
  static constexpr int kTrackCacheBits = 8;
  TrackCacheEntry track_cache_[1 << kTrackCacheBits];
  std::unordered_map<uint64_t, Resolved> resolved_;
  std::unordered_map<uint32_t, uint64_t> uuid_by_utid_, uuid_by_upid_;
  std::unordered_map<uint64_t, uint32_t> async_tracks_;
  // By (upid, id, scope) only: the track nameless async events go to.
  std::unordered_map<uint64_t, uint32_t> last_async_track_;
  // Legacy async tracks made so far by dimensions (upid, scope, name): the
  // next one's track_compressor_idx.
  std::unordered_map<uint64_t, uint32_t> async_tracks_by_dimensions_;
  std::unordered_map<uint32_t, uint32_t> thread_time_tracks_, instruction_tracks_;
  // Tracks named after their first event (descriptors without a name).
  std::unordered_set<uint32_t> unnamed_tracks_;
  StringId type_track_event_, type_process_, type_counter_, default_track_name_;
  StringId thread_time_, thread_instruction_count_, unit_ns_, unit_count_;
  StringId type_thread_, type_async_process_, type_async_global_, key_source_, key_trace_id_, key_is_root_,
      key_category_, key_first_packet_, key_child_ordering_, key_rank_, key_description_,
      descriptor_, ordering_names_[4], key_host_app_, key_process_hint_, key_thread_hint_,
      key_source_id_, key_passthrough_utid_, key_phase_, key_bind_id_, key_bind_enclosing_,
      key_flow_direction_, key_correlation_id_, slice_event_, counter_event_, type_state_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_PARSER_H_
