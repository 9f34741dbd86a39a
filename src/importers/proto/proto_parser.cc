// ProtoParser: packet dispatch, track resolution and the descriptor
// packets (Perfetto's rules); TrackEvents are in proto_parser_track_event.cc.
#include "src/importers/proto/proto_parser.h"

#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "src/base/hash.h"
#include "src/importers/proto/proto_wire.h"
#include "protos/perfetto/trace/trace_packet.fields.h"
#include "protos/perfetto/trace/track_event/counter_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/process_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/thread_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/track_descriptor.fields.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
constexpr uint32_t kNull = Uint32Column::kNull;
constexpr int kMaxTrackDepth = 32;

}  // namespace

ProtoParser::ProtoParser(TraceContext* context, const ProtoTokenizer* tokenizer,
                         const ClockTracker* clocks)
    : ctx_(context),
      storage_(context->storage),
      tokenizer_(tokenizer),
      annotations_(context->storage),
      process_tree_(context, clocks),
      typed_args_(context->storage, &annotations_),
      callstacks_(context),
      content_annotations_(context->storage, context->config.analyze_trace_proto_content),
      ftrace_(context),
      states_(context->storage) {
  ctx_->processes.NameIdleTask();
  TraceStorage* s = storage_;
  type_track_event_ = s->Intern("track_event");
  type_process_ = s->Intern("process");
  type_counter_ = s->Intern("counter");
  type_thread_ = s->Intern("thread");
  type_async_process_ = s->Intern("legacy_async_process_slice");
  type_async_global_ = s->Intern("legacy_async_global_slice");
  default_track_name_ = s->Intern("Default Track");
  thread_time_ = s->Intern("thread_time");
  thread_instruction_count_ = s->Intern("thread_instruction_count");
  unit_ns_ = s->Intern("ns");
  unit_count_ = s->Intern("count");
  key_source_ = s->Intern("source");
  key_trace_id_ = s->Intern("trace_id");
  key_is_root_ = s->Intern("is_root_in_scope");
  key_category_ = s->Intern("category");
  key_first_packet_ = s->Intern("has_first_packet_on_sequence");
  key_child_ordering_ = s->Intern("child_ordering");
  key_rank_ = s->Intern("sibling_order_rank");
  key_description_ = s->Intern("description");
  descriptor_ = s->Intern("descriptor");
  ordering_names_[0] = kNullStringId;
  ordering_names_[1] = s->Intern("lexicographic");
  ordering_names_[2] = s->Intern("chronological");
  ordering_names_[3] = s->Intern("explicit");
  key_host_app_ = s->Intern("chrome.host_app_package_name");
  key_process_hint_ = s->Intern("process_sort_index_hint");
  key_thread_hint_ = s->Intern("thread_sort_index_hint");
  key_source_id_ = s->Intern("legacy_trace_source_id");
  key_passthrough_utid_ = s->Intern("legacy_event.passthrough_utid");
  key_phase_ = s->Intern("legacy_event.phase");
  key_bind_id_ = s->Intern("legacy_event.bind_id");
  key_bind_enclosing_ = s->Intern("legacy_event.bind_to_enclosing");
  key_flow_direction_ = s->Intern("legacy_event.flow_direction");
  slice_event_ = s->Intern("slice");
  counter_event_ = s->Intern("counter");
  type_state_ = s->Intern("state");
  key_correlation_id_ = s->Intern("correlation_id");
}

void ProtoParser::Parse(const QueuedPacket& p, protozero::data_view payload) {
  if (p.ts < last_ts_) {
    storage_->stats.Increment(Stat::sorter_push_event_out_of_order);
    return;
  }
  last_ts_ = p.ts;
  uint32_t args_rows = storage_->args.row_count();
  uint32_t track_rows = storage_->track.row_count();
  uint32_t thread_rows = storage_->thread.row_count();
  uint32_t process_rows = storage_->process.row_count();
  uint32_t packet_machine = tokenizer_->generation(p.generation).machine_id;
  ctx_->cpus.SetMachine(tokenizer_->MachineTableRow(packet_machine),
                        packet_machine != SequenceGeneration::kNoMachine);
  try {
    switch (p.packet_kind()) {
      case PacketKind::kTrackEvent:
        ParseTrackEvent(p, payload);
        break;
      case PacketKind::kTrackDescriptor:
        ParseTrackDescriptor(tokenizer_->generation(p.generation), payload);
        break;
      case PacketKind::kThreadDescriptor:
        ParseThreadDescriptor(payload);
        break;
      case PacketKind::kProcessDescriptor:
        ParseProcessDescriptor(payload);
        break;
      case PacketKind::kProcessTree:
        process_tree_.Parse(payload);
        break;
      case PacketKind::kFtraceEvent:
        ftrace_.Parse(p.ts, payload, &tokenizer_->generation(p.generation));
        break;
      case PacketKind::kCompactSched:
        ftrace_.ParseCompactSched(p.ts, payload);
        break;
      case PacketKind::kTrigger:
      case PacketKind::kCloneSnapshotTrigger:
        triggers_.Parse(p.ts, payload, p.packet_kind() == PacketKind::kCloneSnapshotTrigger);
        break;
      case PacketKind::kChromeTrigger:
        triggers_.ParseChrome(p.ts, payload);
        break;
      case PacketKind::kGpuCounterEvent:
        gpu_counters_.Parse(p.ts, payload);
        break;
      case PacketKind::kProcessStats:
        process_stats_.Parse(p.ts, payload);
        break;
      case PacketKind::kPowerPacket:
        power_.Parse(p.ts, payload, tokenizer_->generation(p.generation).machine_id);
        break;
      case PacketKind::kFrameTimelineEvent:
        frame_timeline_.Parse(p.ts, payload);
        break;
      case PacketKind::kCpuInfo:
      case PacketKind::kSysStats:
      case PacketKind::kInitialDisplayState:
        ParseSystemProbe(p, payload);
        break;
      case PacketKind::kConcurrentSessionEvent:
        concurrent_sessions_.Parse(p.ts, payload);
        break;
      case PacketKind::kStreamingProfileSample:
        streaming_profiles_.Parse(p.ts, p.generation, tokenizer_->generation(p.generation),
                                  payload);
        break;
      case PacketKind::kPerfSample:
        perf_samples_.Parse(p.ts, p.generation, tokenizer_->generation(p.generation), payload);
        break;
      case PacketKind::kStackSample:
        stack_samples_.Parse(p.ts, p.generation, tokenizer_->generation(p.generation), payload);
        break;
    }
  } catch (const protozero::exception&) {
    // The tokenizer read the packet's top level; a nested message is bad.
    storage_->args.Truncate(args_rows);
    storage_->stats.Increment(Stat::proto_malformed_packet);
  }
  // Tracks, threads and processes first seen in a packet from another
  // machine belong to it.
  uint32_t machine = tokenizer_->generation(p.generation).machine_id;
  if (machine != SequenceGeneration::kNoMachine) {
    for (uint32_t r = track_rows; r < storage_->track.row_count(); ++r) {
      storage_->track.machine_id.Set(r, machine);
    }
    for (uint32_t r = thread_rows; r < storage_->thread.row_count(); ++r) {
      storage_->thread.machine_id.Set(r, machine);
    }
    for (uint32_t r = process_rows; r < storage_->process.row_count(); ++r) {
      storage_->process.machine_id.Set(r, machine);
    }
  }
}

bool ProtoParser::Resolve(uint64_t uuid, Resolved* out, int depth) {
  auto cached = resolved_.find(uuid);
  if (cached != resolved_.end()) {
    *out = cached->second;
    return true;
  }
  const TrackDescriptorInfo* found = Descriptor(uuid);
  Resolved r;
  if (!found) {
    // The implicit trace-global default track (uuid 0), or a uuid no
    // descriptor defines: a global track too (as Perfetto does).
    r.is_root = true;
    resolved_.emplace(uuid, r);
    *out = r;
    return true;
  }
  if (depth >= kMaxTrackDepth) return false;
  const TrackDescriptorInfo& d = *found;
  Resolved parent;
  bool has_parent = false;
  if (d.parent_uuid != 0) {
    if (d.parent_uuid == uuid || !Resolve(d.parent_uuid, &parent, depth + 1)) return false;
    has_parent = true;
  }
  ProcessTracker& processes = ctx_->processes;
  // Pid 0 is the idle task (rows 0), as in kernel events.
  if ((d.has_thread || d.has_process) && d.pid == 0) processes.MapIdleTask();
  if (d.has_thread) {
    uint32_t utid = processes.UpdateThread(d.tid, d.pid);
    auto [seen, inserted] = uuid_by_utid_.emplace(utid, uuid);
    if (!inserted && seen->second != uuid) {
      // Another descriptor already owns this thread: its tid was reused.
      utid = processes.StartNewThread(d.tid, d.pid);
      uuid_by_utid_[utid] = uuid;
    }
    r.scope = Resolved::kThread;
    r.is_root = true;
    r.utid = utid;
    r.upid = storage_->thread.upid[utid];
  } else if (d.has_process) {
    uint32_t upid = processes.GetOrCreateProcess(d.pid);
    auto [seen, inserted] = uuid_by_upid_.emplace(upid, uuid);
    // A pid seen under another descriptor was reused — except 0: every
    // cpu's idle task (swapper/N) is pid 0, the one idle process.
    if (!inserted && seen->second != uuid && d.pid != 0) {
      upid = processes.StartNewProcess(d.pid);
      uuid_by_upid_[upid] = uuid;
    }
    r.scope = Resolved::kProcess;
    r.is_root = true;
    r.upid = upid;
  } else if (has_parent && parent.scope != Resolved::kGlobal) {
    r = parent;
    r.is_root = false;
  }
  resolved_.emplace(uuid, r);
  *out = r;
  return true;
}

void ProtoParser::AddTrackArgs(uint32_t track, uint64_t uuid, const TrackDescriptorInfo* d,
                               bool is_root, uint32_t seq_id) {
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  args.AddString(set, key_source_, key_source_, descriptor_);
  args.AddInt(set, key_trace_id_, key_trace_id_, static_cast<int64_t>(uuid));
  args.AddBool(set, key_is_root_, key_is_root_, is_root);
  if (d && d->counter_category != kNullStringId) {
    args.AddString(set, key_category_, key_category_, d->counter_category);
  }
  if (seq_id != 0 && tokenizer_->has_first_packet(seq_id, epoch_)) {
    args.AddBool(set, key_first_packet_, key_first_packet_, true);
  }
  if (d && d->child_ordering >= 1 && d->child_ordering <= 3) {
    args.AddString(set, key_child_ordering_, key_child_ordering_,
                   ordering_names_[d->child_ordering]);
  }
  if (d && d->has_rank) args.AddInt(set, key_rank_, key_rank_, d->sibling_order_rank);
  if (d && d->description != kNullStringId) {
    args.AddString(set, key_description_, key_description_, d->description);
    storage_->track.description.Set(track, d->description);
  }
  storage_->track.source_arg_set_id.Set(track, args.FinishSet(/*shareable=*/false));
}

uint32_t ProtoParser::TrackForUuid(uint64_t uuid, uint32_t seq_id, int depth) {
  // Every event looks its track up: a direct-mapped cache in front of the
  // map (tracks never change uuid once made).
  TrackCacheEntry& slot = track_cache_[(uuid * 0x9E3779B97F4A7C15ull) >> (64 - kTrackCacheBits)];
  if (slot.track != kNull && slot.uuid == uuid) return slot.track;
  auto cached = track_by_uuid_.find(uuid);
  if (cached != track_by_uuid_.end()) {
    slot = {uuid, cached->second};
    return cached->second;
  }
  Resolved r;
  if (!Resolve(uuid, &r)) return kNull;
  const TrackDescriptorInfo* d = Descriptor(uuid);
  uint32_t id = kNull;
  bool add_args = true;
  if (!d) {
    TrackTable::Row row;
    // Tracks without a descriptor other than the default one take the name
    // of their first slice.
    row.name = uuid == 0 ? default_track_name_ : kNullStringId;
    row.type = type_track_event_;
    id = storage_->track.Insert(row, slice_event_);
    if (uuid != 0) unnamed_tracks_.insert(id);
    if (uuid == 0) AddMergedTrackDimensions(id, row.name, 0);
    AddTrackArgs(id, uuid, nullptr, /*is_root=*/true, 0);
    track_by_uuid_.emplace(uuid, id);
    return id;
  }
  uint32_t parent = kNull;
  Resolved parent_r;
  if (d->parent_uuid != 0 && depth < kMaxTrackDepth) {
    parent = TrackForUuid(d->parent_uuid, seq_id, depth + 1);
    Resolve(d->parent_uuid, &parent_r);
  }
  TrackTable::Row row;
  row.name = d->name;
  row.utid = r.utid;
  if (r.scope != Resolved::kThread) row.upid = r.upid;
  if (r.scope == Resolved::kThread) row.upid = Uint32Column::kNull;
  // Child tracks of a process's or thread's own track are not linked to it.
  if (parent != kNull && !(parent_r.is_root && parent_r.scope != Resolved::kGlobal)) {
    row.parent_id = parent;
  }
  if (d->is_state) {
    row.type = type_state_;
    row.event_type = TrackEventType::kState;
    id = storage_->track.Insert(row, type_state_);
  } else if (d->is_counter) {
    row.type = type_counter_;
    row.event_type = TrackEventType::kCounter;
    row.unit = d->unit;
    if (d->counter_type == pb::counter_descriptor_builtin_counter_type::kCounterThreadTimeNs) {
      if (row.name == kNullStringId) row.name = thread_time_;
      row.unit = unit_ns_;
    } else if (d->counter_type == pb::counter_descriptor_builtin_counter_type::kCounterThreadInstructionCount) {
      if (row.name == kNullStringId) row.name = thread_instruction_count_;
      row.unit = unit_count_;
    }
    id = storage_->track.Insert(row, counter_event_);
  } else if (r.is_root && r.scope == Resolved::kThread) {
    if (d->use_separate_track) {
      row.type = type_thread_;
      id = storage_->track.Insert(row, slice_event_);
    } else {
      id = ctx_->tracks.ThreadTrack(r.utid);  // Shared with other importers.
      add_args = false;
    }
  } else if (r.is_root && r.scope == Resolved::kProcess) {
    row.type = type_process_;
    id = storage_->track.Insert(row, slice_event_);
  } else {
    row.type = r.scope == Resolved::kThread ? type_thread_ : type_track_event_;
    id = storage_->track.Insert(row, slice_event_);
    if (row.name == kNullStringId) unnamed_tracks_.insert(id);
    bool merged_by_name = d->merge_behavior == pb::track_descriptor_sibling_merge_behavior::kUnspecified ||
                          d->merge_behavior == pb::track_descriptor_sibling_merge_behavior::kByTrackName;
    if (r.scope == Resolved::kGlobal && row.name != kNullStringId && merged_by_name) {
      AddMergedTrackDimensions(id, row.name, d->parent_uuid);
    }
  }
  bool is_root = r.is_root && r.scope != Resolved::kGlobal;
  if (add_args) AddTrackArgs(id, uuid, d, is_root, seq_id);
  RecordLayoutHint(id, *d, is_root);
  track_by_uuid_.emplace(uuid, id);
  return id;
}

void ProtoParser::RecordLayoutHint(uint32_t track, const TrackDescriptorInfo& d,
                                   bool is_root) {
  TrackLayoutHint hint;
  hint.role = is_root && !d.is_counter ? TrackLayoutHint::Role::kContextRoot
                                       : TrackLayoutHint::Role::kChild;
  if (d.merge_behavior <= 3) hint.merge = static_cast<SiblingMerge>(d.merge_behavior);
  hint.merge_key = d.merge_key;
  if (d.child_ordering <= 3) hint.child_ordering = static_cast<ChildOrdering>(d.child_ordering);
  hint.has_rank = d.has_rank;
  hint.rank = static_cast<int32_t>(d.sibling_order_rank);
  storage_->track_layout_hints.Set(track, hint);
}

void ProtoParser::ParseTrackDescriptor(const SequenceGeneration& gen,
                                       protozero::data_view bytes) {
  protozero::pbf_reader desc(bytes);
  uint64_t uuid = 0;
  while (desc.next(pb::track_descriptor::kUuid, kVarint)) uuid = desc.get_uint64();
  const TrackDescriptorInfo* found = Descriptor(uuid);
  if (!found) return;
  const TrackDescriptorInfo& d = *found;
  Resolved r;
  if (!Resolve(uuid, &r)) return;
  // A thread's own track is made by its first event (as in Perfetto);
  // other descriptors make their track now.
  bool thread_root = r.is_root && r.scope == Resolved::kThread && !d.use_separate_track &&
                     !d.is_counter && !d.is_state;
  if (!thread_root && TrackForUuid(uuid, gen.seq_id) == kNull) return;
  if (!r.is_root) return;
  ProcessTracker& processes = ctx_->processes;
  if (r.scope == Resolved::kThread) {
    processes.SetThreadName(r.utid, d.thread_name, ThreadNamePriority::kTrackDescriptor);
    if (d.has_rank && tokenizer_->thread_rank_hint(epoch_) &&
        storage_->thread.arg_set_id[r.utid] == kNull) {
      processes.AddThreadArg(r.utid, key_thread_hint_, ArgType::kInt, d.sibling_order_rank);
    }
  } else if (r.scope == Resolved::kProcess) {
    if (d.process_name != kNullStringId) processes.SetProcessName(r.upid, d.process_name);
    if (storage_->process.arg_set_id[r.upid] == kNull) {
      if (d.host_app != kNullStringId) {
        processes.AddProcessArg(r.upid, key_host_app_, ArgType::kString, d.host_app);
      }
      if (d.has_rank && tokenizer_->process_rank_hint(epoch_)) {
        processes.AddProcessArg(r.upid, key_process_hint_, ArgType::kInt, d.sibling_order_rank);
      }
    }
  }
}

void ProtoParser::ParseThreadDescriptor(protozero::data_view bytes) {
  namespace td = pb::thread_descriptor;
  int64_t pid = 0, tid = 0;
  StringId name = kNullStringId;
  protozero::pbf_reader desc(bytes);
  while (desc.next()) {
    switch (desc.tag_and_type()) {
      case tag_and_type(td::kPid, kVarint): pid = desc.get_int32(); break;
      case tag_and_type(td::kTid, kVarint): tid = desc.get_int32(); break;
      case tag_and_type(td::kThreadName, kBytes):
        name = storage_->Intern(View(desc.get_view()));
        break;
      default: desc.skip();
    }
  }
  uint32_t utid = ctx_->processes.UpdateThread(tid, pid);
  ctx_->processes.SetThreadName(utid, name, ThreadNamePriority::kTrackDescriptor);
}

void ProtoParser::ParseSystemProbe(const QueuedPacket& p, protozero::data_view payload) {
  uint32_t machine = tokenizer_->generation(p.generation).machine_id;
  if (p.packet_kind() == PacketKind::kCpuInfo) {
    cpu_info_.Parse(payload);
    return;
  }
  uint32_t machine_row = tokenizer_->MachineTableRow(machine);
  if (p.packet_kind() == PacketKind::kInitialDisplayState) {
    sys_stats_.ParseInitialDisplayState(p.ts, payload, machine_row);
    return;
  }
  sys_stats_.Parse(p.ts, payload, machine_row);
}

void ProtoParser::ParseProcessDescriptor(protozero::data_view bytes) {
  namespace pd = pb::process_descriptor;
  int64_t pid = 0;
  StringId name = kNullStringId;
  std::string cmdline;
  protozero::pbf_reader desc(bytes);
  while (desc.next()) {
    switch (desc.tag_and_type()) {
      case tag_and_type(pd::kPid, kVarint): pid = desc.get_int32(); break;
      case tag_and_type(pd::kProcessName, kBytes):
        name = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(pd::kCmdline, kBytes):
        if (!cmdline.empty()) cmdline.push_back(' ');
        cmdline.append(View(desc.get_view()));
        break;
      default: desc.skip();
    }
  }
  uint32_t upid = ctx_->processes.GetOrCreateProcess(pid);
  if (name != kNullStringId) ctx_->processes.SetProcessName(upid, name);
  if (!cmdline.empty()) storage_->process.cmdline.Set(upid, storage_->Intern(cmdline));
}

uint32_t ProtoParser::AsyncTrack(uint32_t upid, uint64_t id, StringId scope, StringId name,
                                 uint32_t event_upid) {
  uint64_t id_key = HashCombine(HashCombine(upid, id), scope);
  if (name == kNullStringId) {
    // A nameless event (typically an end) joins the last track of its id.
    auto last = last_async_track_.find(id_key);
    if (last != last_async_track_.end()) return last->second;
  }
  uint64_t key = HashCombine(id_key, name);
  auto it = async_tracks_.find(key);
  uint32_t track;
  if (it != async_tracks_.end()) {
    track = it->second;
  } else {
    track = ctx_->tracks.NewAsyncTrack(
        upid, name, upid != kNull ? type_async_process_ : type_async_global_);
    AddLegacyAsyncTrackArgs(track, upid, scope, name, event_upid);
    async_tracks_.emplace(key, track);
  }
  last_async_track_[id_key] = track;
  return track;
}

}  // namespace weft
