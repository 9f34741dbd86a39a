// ProtoParser: track resolution and TrackEvent semantics (Perfetto's).
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
#include "protos/perfetto/trace/track_event/track_event.fields.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
constexpr uint32_t kNull = Uint32Column::kNull;
constexpr int kMaxTrackDepth = 32;

uint64_t FlowKey(uint64_t id) { return HashCombine(id, 0x747266); }  // "trf"

// An event's categories as one string, comma-separated (NULL if none).
StringId JoinCategories(TraceStorage* storage, const std::vector<StringId>& categories) {
  if (categories.empty()) return kNullStringId;
  if (categories.size() == 1) return categories[0];
  std::string joined;
  for (StringId c : categories) {
    if (!joined.empty()) joined.push_back(',');
    joined.append(storage->pool().Get(c));
  }
  return storage->Intern(joined);
}

}  // namespace

ProtoParser::ProtoParser(TraceContext* context, const ProtoTokenizer* tokenizer,
                         ClockTracker* clocks)
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
        ftrace_.Parse(p.ts, payload);
        break;
      case PacketKind::kTrigger:
      case PacketKind::kCloneSnapshotTrigger:
        triggers_.Parse(p.ts, payload, p.packet_kind() == PacketKind::kCloneSnapshotTrigger);
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
  const TrackDescriptorMap& descriptors = tokenizer_->descriptors();
  auto it = descriptors.find(uuid);
  Resolved r;
  if (it == descriptors.end()) {
    // The implicit trace-global default track (uuid 0), or a uuid no
    // descriptor defines: a global track too (as Perfetto does).
    r.is_root = true;
    resolved_.emplace(uuid, r);
    *out = r;
    return true;
  }
  if (depth >= kMaxTrackDepth) return false;
  const TrackDescriptorInfo& d = it->second;
  Resolved parent;
  bool has_parent = false;
  if (d.parent_uuid != 0) {
    if (d.parent_uuid == uuid || !Resolve(d.parent_uuid, &parent, depth + 1)) return false;
    has_parent = true;
  }
  ProcessTracker& processes = ctx_->processes;
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
    if (!inserted && seen->second != uuid) {
      upid = processes.StartNewProcess(d.pid);  // The pid was reused.
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
  if (seq_id != 0 && tokenizer_->has_first_packet(seq_id)) {
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
  const TrackDescriptorMap& descriptors = tokenizer_->descriptors();
  auto it = descriptors.find(uuid);
  const TrackDescriptorInfo* d = it == descriptors.end() ? nullptr : &it->second;
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
  auto it = tokenizer_->descriptors().find(uuid);
  if (it == tokenizer_->descriptors().end()) return;
  const TrackDescriptorInfo& d = it->second;
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
    if (d.has_rank && tokenizer_->thread_rank_hint() &&
        storage_->thread.arg_set_id[r.utid] == kNull) {
      processes.AddThreadArg(r.utid, key_thread_hint_, ArgType::kInt, d.sibling_order_rank);
    }
  } else if (r.scope == Resolved::kProcess) {
    if (d.process_name != kNullStringId) processes.SetProcessName(r.upid, d.process_name);
    if (storage_->process.arg_set_id[r.upid] == kNull) {
      if (d.host_app != kNullStringId) {
        processes.AddProcessArg(r.upid, key_host_app_, ArgType::kString, d.host_app);
      }
      if (d.has_rank && tokenizer_->process_rank_hint()) {
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

void ProtoParser::ParseTrackEvent(const QueuedPacket& p, protozero::data_view bytes) {
  namespace te = pb::track_event;
  namespace le = pb::track_event_legacy_event;
  const SequenceGeneration& gen = tokenizer_->generation(p.generation);
  uint32_t type = pb::track_event_type::kUnspecified;
  bool has_type = false, has_track = false, has_value = false;
  uint64_t track_uuid = gen.has_default_track ? gen.default_track_uuid : 0;
  StringId name = kNullStringId;
  // Reused buffers: no allocations per event.
  scratch_.Clear();
  std::vector<StringId>& categories = scratch_.categories;
  std::vector<uint64_t>& flow_ids = scratch_.flow_ids;
  std::vector<uint64_t>& terminating_flow_ids = scratch_.terminating_flow_ids;
  std::vector<uint64_t>& extra_uuids = scratch_.extra_uuids;
  std::vector<uint64_t>& extra_double_uuids = scratch_.extra_double_uuids;
  std::vector<double>& extra_values = scratch_.extra_values;
  std::vector<double>& extra_double_values = scratch_.extra_double_values;
  std::vector<protozero::data_view>& annotations = scratch_.annotations;
  TrackEventTypedFields typed;
  StringId correlation = kNullStringId;  // correlation_id(_str), as Perfetto's arg.
  double value = 0;
  int64_t thread_time = kNoThreadTime, instruction_count = kNoThreadTime;
  // LegacyEvent.
  bool has_legacy = false;
  int32_t phase = 0;
  int64_t duration_us = -1, thread_duration_us = -1;
  enum IdKind { kNoId, kUnscoped, kLocal, kGlobal } id_kind = kNoId;
  uint64_t legacy_id = 0, bind_id = 0;
  bool has_bind_id = false, bind_to_enclosing = false;
  bool has_pid_override = false, has_tid_override = false;
  int32_t pid_override = 0, tid_override = 0, flow_direction = 0, instant_scope = 0;
  StringId id_scope = kNullStringId, legacy_name = kNullStringId;
  // TrackEvent.callstack / callstack_iid / callstack_weight.
  bool has_inline_stack = false, has_stack_iid = false, has_stack_weight = false;
  protozero::data_view inline_stack;
  uint64_t stack_iid = 0;
  double stack_weight = 0;

  protozero::pbf_reader event(bytes);
  while (event.next()) {
    switch (event.tag()) {
      case te::kType:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        type = event.get_uint32();
        has_type = true;
        break;
      case te::kTrackUuid:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        track_uuid = event.get_uint64();
        has_track = true;
        break;
      case te::kName:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        name = storage_->Intern(View(event.get_view()));
        break;
      case te::kNameIid: {
        if (event.wire_type() != kVarint) { event.skip(); break; }
        const auto* it = gen.event_names.Find(event.get_uint64());
        if (it) {
          name = *it;
        } else {
          storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
        }
        break;
      }
      case te::kCategories:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        categories.push_back(storage_->Intern(View(event.get_view())));
        break;
      case te::kCategoryIids: {
        std::vector<uint64_t>& iids = scratch_.raw;
        iids.clear();
        ReadRepeatedUint64(&event, false, &iids);
        for (uint64_t iid : iids) {
          const auto* it = gen.categories.Find(iid);
          if (it) {
            categories.push_back(*it);
          } else {
            storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
          }
        }
        break;
      }
      case te::kCounterValue:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        value = static_cast<double>(event.get_int64());
        has_value = true;
        break;
      case te::kDoubleCounterValue:
        if (event.wire_type() != kFixed64) { event.skip(); break; }
        value = event.get_double();
        has_value = true;
        break;
      case te::kExtraCounterTrackUuids:
        ReadRepeatedUint64(&event, false, &extra_uuids);
        break;
      case te::kExtraDoubleCounterTrackUuids:
        ReadRepeatedUint64(&event, false, &extra_double_uuids);
        break;
      case te::kExtraCounterValues: {
        std::vector<uint64_t>& raw = scratch_.raw;
        raw.clear();
        ReadRepeatedUint64(&event, false, &raw);
        for (uint64_t v : raw) extra_values.push_back(static_cast<double>(static_cast<int64_t>(v)));
        break;
      }
      case te::kExtraDoubleCounterValues:
        if (event.wire_type() == kFixed64) {
          extra_double_values.push_back(event.get_double());
        } else if (event.wire_type() == kBytes) {
          for (double v : event.get_packed_double()) extra_double_values.push_back(v);
        } else {
          event.skip();
        }
        break;
      case te::kThreadTimeAbsoluteUs:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        thread_time = event.get_int64() * 1000;
        break;
      case te::kThreadInstructionCountAbsolute:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        instruction_count = event.get_int64();
        break;
      case te::kFlowIds:
        ReadRepeatedUint64(&event, true, &flow_ids);
        break;
      case te::kFlowIdsOld:
        ReadRepeatedUint64(&event, false, &flow_ids);
        break;
      case te::kTerminatingFlowIds:
        ReadRepeatedUint64(&event, true, &terminating_flow_ids);
        break;
      case te::kTerminatingFlowIdsOld:
        ReadRepeatedUint64(&event, false, &terminating_flow_ids);
        break;
      case te::kCorrelationId:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        correlation = storage_->Intern("tp:#" + std::to_string(event.get_uint64()));
        break;
      case te::kCorrelationIdStr:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        correlation = storage_->Intern(View(event.get_view()));
        break;
      case te::kCallstack:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        inline_stack = event.get_view();
        has_inline_stack = true;
        break;
      case te::kCallstackIid:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        stack_iid = event.get_uint64();
        has_stack_iid = true;
        break;
      case te::kCallstackWeight:
        if (event.wire_type() != kFixed64) { event.skip(); break; }
        stack_weight = event.get_double();
        has_stack_weight = true;
        break;
      case te::kDebugAnnotations: {
        if (event.wire_type() != kBytes) { event.skip(); break; }
        // Built in place: copying a returned data_view through the stack
        // stalls (two 8-byte stores read back as one 16-byte load).
        protozero::data_view view = event.get_view();
        annotations.emplace_back(view.data(), view.size());
        break;
      }
      case te::kLegacyEvent: {
        if (event.wire_type() != kBytes) { event.skip(); break; }
        has_legacy = true;
        protozero::pbf_reader legacy = event.get_message();
        while (legacy.next()) {
          if (legacy.wire_type() == kBytes) {
            if (legacy.tag() == le::kIdScope) {
              id_scope = storage_->Intern(View(legacy.get_view()));
            } else {
              legacy.skip();
            }
            continue;
          }
          if (legacy.wire_type() != kVarint) { legacy.skip(); continue; }
          switch (legacy.tag()) {
            case le::kNameIid: {
              const auto* it = gen.event_names.Find(legacy.get_uint64());
              if (it) legacy_name = *it;
              break;
            }
            case le::kPhase: phase = legacy.get_int32(); break;
            case le::kDurationUs: duration_us = legacy.get_int64(); break;
            case le::kThreadDurationUs: thread_duration_us = legacy.get_int64(); break;
            case le::kUnscopedId: id_kind = kUnscoped; legacy_id = legacy.get_uint64(); break;
            case le::kLocalId: id_kind = kLocal; legacy_id = legacy.get_uint64(); break;
            case le::kGlobalId: id_kind = kGlobal; legacy_id = legacy.get_uint64(); break;
            case le::kBindId: has_bind_id = true; bind_id = legacy.get_uint64(); break;
            case le::kBindToEnclosing: bind_to_enclosing = legacy.get_bool(); break;
            case le::kFlowDirection: flow_direction = legacy.get_int32(); break;
            case le::kInstantEventScope: instant_scope = legacy.get_int32(); break;
            case le::kPidOverride: has_pid_override = true; pid_override = legacy.get_int32(); break;
            case le::kTidOverride: has_tid_override = true; tid_override = legacy.get_int32(); break;
            default: legacy.skip();
          }
        }
        break;
      }
      default:
        typed.Collect(&event);
    }
  }
  if (name == kNullStringId) name = legacy_name;
  if (type == pb::track_event_type::kState) {
    ParseStateEvent(p.ts, track_uuid, gen.seq_id, JoinCategories(storage_, categories), name);
    return;
  }

  char ph;
  switch (type) {
    case pb::track_event_type::kSliceBegin: ph = 'B'; break;
    case pb::track_event_type::kSliceEnd: ph = 'E'; break;
    case pb::track_event_type::kInstant: ph = 'i'; break;
    case pb::track_event_type::kCounter: ph = 'C'; break;
    default:
      if (type != pb::track_event_type::kUnspecified || !has_legacy || phase <= 0 || phase > 127) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return;
      }
      ph = static_cast<char>(phase);
  }
  StringId category = JoinCategories(storage_, categories);
  content_annotations_.OnTrackEvent(category, name);

  // The track: a descriptor's, or (legacy events) the sequence's thread.
  uint32_t track = kNull;
  uint32_t utid = kNull, upid = kNull;
  if (track_uuid != 0) {
    track = TrackForUuid(track_uuid, gen.seq_id);
    if (track == kNull) {
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
    }
    utid = storage_->track.utid[track];
    upid = utid != kNull ? storage_->thread.upid[utid] : storage_->track.upid[track];
  } else {
    bool fallback = ((!has_track || !has_type) && gen.has_thread) || has_pid_override ||
                    (has_tid_override && gen.has_thread);
    if (fallback) {
      int64_t pid = gen.pid, tid = gen.tid;
      if (has_pid_override) {
        pid = pid_override;
        tid = -1;
      }
      if (has_tid_override) tid = tid_override;
      utid = ctx_->processes.UpdateThread(tid, pid);
      upid = storage_->thread.upid[utid];
    } else {
      track = TrackForUuid(0, gen.seq_id);
    }
  }
  auto thread_track = [&]() {
    // An event whose track names no thread (e.g. a bad track uuid) goes to
    // the default track rather than to a thread that does not exist.
    if (track == kNull) {
      track = utid == kNull ? TrackForUuid(0, gen.seq_id) : ctx_->tracks.ThreadTrack(utid);
    }
    return track;
  };

  // Extra counters sampled with the event.
  if (!extra_values.empty() || !extra_double_values.empty()) {
    if (extra_uuids.empty()) extra_uuids = gen.default_extra_counter_uuids;
    if (extra_double_uuids.empty()) extra_double_uuids = gen.default_extra_double_counter_uuids;
    const ProtoTokenizer::IncrementalValues* incremental = tokenizer_->incremental_values(p.order);
    if (incremental && !incremental->extra.empty()) {
      const std::vector<double>& acc = incremental->extra;
      size_t n = extra_values.size();
      for (size_t i = 0; i < acc.size(); ++i) {
        if (i < n) {
          extra_values[i] = acc[i];
        } else if (i - n < extra_double_values.size()) {
          extra_double_values[i - n] = acc[i];
        }
      }
    }
    auto add = [&](const std::vector<uint64_t>& uuids, const std::vector<double>& values) {
      for (size_t i = 0; i < values.size(); ++i) {
        if (i >= uuids.size()) {
          storage_->stats.Increment(Stat::track_event_parser_errors);
          break;
        }
        uint32_t counter = TrackForUuid(uuids[i], gen.seq_id);
        auto d = tokenizer_->descriptors().find(uuids[i]);
        if (counter == kNull || d == tokenizer_->descriptors().end() || !d->second.is_counter) {
          storage_->stats.Increment(Stat::track_event_parser_errors);
          continue;
        }
        double v = values[i];
        if (d->second.unit_multiplier > 0) v *= static_cast<double>(d->second.unit_multiplier);
        storage_->counter.Insert(p.ts, counter, v, kNull);
        if (d->second.counter_type == pb::counter_descriptor_builtin_counter_type::kCounterThreadTimeNs) {
          thread_time = static_cast<int64_t>(v);
        }
      }
    };
    add(extra_uuids, extra_values);
    add(extra_double_uuids, extra_double_values);
  } else if (utid != kNull && ph != 'C') {
    // Thread time and instruction counts given on the event itself.
    auto thread_counter = [&](std::unordered_map<uint32_t, uint32_t>* map, StringId name) {
      auto it = map->find(utid);
      if (it != map->end()) return it->second;
      TrackTable::Row row;
      row.name = name;
      row.type = type_counter_;
      row.utid = utid;
      row.event_type = TrackEventType::kCounter;
      uint32_t id = storage_->track.Insert(row, counter_event_);
      map->emplace(utid, id);
      return id;
    };
    if (thread_time != kNoThreadTime) {
      storage_->counter.Insert(p.ts, thread_counter(&thread_time_tracks_, thread_time_),
                               static_cast<double>(thread_time), kNull);
    }
    if (instruction_count != kNoThreadTime) {
      storage_->counter.Insert(p.ts,
                               thread_counter(&instruction_tracks_, thread_instruction_count_),
                               static_cast<double>(instruction_count), kNull);
    }
  }

  if (ph == 'C') {
    const ProtoTokenizer::IncrementalValues* incremental = tokenizer_->incremental_values(p.order);
    bool incremental_value = incremental && incremental->has_counter_value;
    if (track == kNull || storage_->track.kind(track) != TrackEventType::kCounter ||
        (!has_value && !incremental_value)) {
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
    }
    if (incremental_value) value = incremental->counter_value;
    auto d = tokenizer_->descriptors().find(track_uuid);
    if (d != tokenizer_->descriptors().end() && d->second.unit_multiplier > 0) {
      value *= static_cast<double>(d->second.unit_multiplier);
    }
    storage_->counter.Insert(p.ts, track, value, kNull);
    return;
  }
  if (ph == 'M') return;  // Metadata: nothing to import.
  if (track != kNull && storage_->track.kind(track) != TrackEventType::kSlice) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }

  SliceInfo info;
  info.cat = category;
  info.name = name;
  info.tts = thread_time;

  bool is_async = false;
  switch (ph) {
    case 'b': case 'e': case 'n': case 'S': case 'T': case 'p': case 'F': {
      if (id_kind == kNoId || (id_kind == kLocal && upid == kNull)) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return;
      }
      is_async = true;
      // Ids are scoped by category (and id_scope), as in catapult.
      StringId scope = info.cat;
      if (id_scope != kNullStringId) {
        std::string joined(storage_->pool().Get(info.cat));
        joined.push_back(':');
        joined.append(storage_->pool().Get(id_scope));
        scope = storage_->Intern(joined);
      }
      track = AsyncTrack(id_kind == kLocal ? upid : kNull, legacy_id, scope, name, upid);
      break;
    }
    case 's': case 't': case 'f': {
      if (utid == kNull && track == kNull) return;
      uint32_t flow_track = utid != kNull ? thread_track() : track;
      if (id_kind == kNoId) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return;
      }
      uint64_t key = HashCombine(HashCombine(legacy_id, info.cat), name);
      if (ph == 'f' && !bind_to_enclosing) {
        ctx_->flows.EndAtNextSlice(key, flow_track);
        return;
      }
      uint32_t slice = ctx_->slices.OpenSliceAt(flow_track, p.ts);
      if (slice == kNoSlice) {
        storage_->stats.Increment(Stat::flow_no_enclosing_slice);
        return;
      }
      if (ph == 's') {
        ctx_->flows.Begin(key, slice);
      } else if (ph == 't') {
        ctx_->flows.Step(key, slice);
      } else {
        ctx_->flows.End(key, slice, /*close=*/true);
      }
      return;
    }
    case 'i': case 'I': case 'R':
      if (instant_scope == pb::track_event_legacy_event_instant_event_scope::kScopeGlobal) {
        track = ctx_->tracks.GlobalInstantTrack();
      } else if (instant_scope == pb::track_event_legacy_event_instant_event_scope::kScopeProcess) {
        if (upid == kNull) {
          storage_->stats.Increment(Stat::track_event_parser_errors);
          return;
        }
        track = ctx_->tracks.ProcessInstantTrack(upid);
      }
      break;
    case 'B': case 'E': case 'X':
      break;
    default:
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
  }
  if (track == kNull) thread_track();
  bool is_end = ph == 'E' || ph == 'e' || ph == 'F';

  // Args: the correlation id, the async id, debug annotations, then the
  // legacy fields.
  bool passthrough = is_async && utid != kNull && !is_end;
  if (!annotations.empty() || typed.any() || (is_async && !is_end) ||
      correlation != kNullStringId) {
    ArgsTable& args = storage_->args;
    uint32_t set = args.BeginSet();
    if (correlation != kNullStringId) {
      args.AddString(set, key_correlation_id_, key_correlation_id_, correlation);
    }
    if (is_async && !is_end) {
      args.AddInt(set, key_source_id_, key_source_id_, static_cast<int64_t>(legacy_id));
    }
    for (const protozero::data_view& a : annotations) annotations_.Add(set, a, gen);
    if (typed.any()) typed_args_.Add(set, typed, bytes, tokenizer_->descriptor_pool(), gen);
    if (passthrough) args.AddInt(set, key_passthrough_utid_, key_passthrough_utid_, utid);
    if (is_async && !is_end && ph != 'b') {  // Perfetto: not for nestable begins.
      char buf[2] = {ph, 0};
      args.AddString(set, key_phase_, key_phase_, storage_->Intern(buf));
    }
    info.arg_set = args.FinishSet();
  }
  if (track == kNull) {  // No usable track (malformed descriptors).
    storage_->stats.Increment(Stat::track_event_parser_errors);
    if (info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
    return;
  }
  if (name != kNullStringId && !unnamed_tracks_.empty() && !is_end) {
    auto it = unnamed_tracks_.find(track);
    if (it != unnamed_tracks_.end()) {
      storage_->track.name.Set(track, name);
      unnamed_tracks_.erase(it);
    }
  }

  uint32_t row = kNoSlice;
  switch (ph) {
    case 'B': case 'b': case 'S':
      row = ctx_->slices.Begin(track, p.ts, info);
      break;
    case 'E': case 'e': case 'F': {
      // Ends the innermost open slice of the end event's category and name
      // (each matching anything when not given), as Perfetto does.
      SliceInfo end;
      end.cat = info.cat;
      end.name = info.name;
      end.arg_set = info.arg_set;
      end.tts = thread_time;
      row = ctx_->slices.End(track, p.ts, end);
      break;
    }
    case 'X': {
      if (duration_us < 0) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        if (info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
        return;
      }
      if (info.tts != kNoThreadTime && thread_duration_us >= 0) {
        info.tdur = thread_duration_us * 1000;
      }
      Overlap unused;
      row = ctx_->slices.Scoped(track, p.ts, duration_us * 1000, info, &unused);
      if (row == kNoSlice && info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
      break;
    }
    default: {  // Instants.
      if (ph == 'i' || ph == 'I' || ph == 'R' || is_async) info.tts = thread_time;
      Overlap unused;
      row = ctx_->slices.Scoped(track, p.ts, 0, info, &unused);
      if (row == kNoSlice && info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
      break;
    }
  }
  if (row == kNoSlice) return;
  if (has_stack_iid || has_inline_stack) {
    uint32_t callsite = has_stack_iid ? callstacks_.InternedCallsite(p.generation, gen, stack_iid)
                                      : callstacks_.InlineCallsite(inline_stack);
    if (callsite != kNull) {
      callstacks_.Record(row, track, callsite, is_end, has_stack_weight, stack_weight);
    }
  }
  if (!is_end) ctx_->flows.OnSliceBegin(track, row);
  // Most events have no flows: skip the calls (a measurable cost per event).
  if (!flow_ids.empty()) BindFlows(flow_ids, false, row);
  if (!terminating_flow_ids.empty()) BindFlows(terminating_flow_ids, true, row);
  if (has_bind_id) {
    uint64_t key = HashCombine(bind_id, 0x7632);
    if (flow_direction == pb::track_event_legacy_event_flow_direction::kFlowInout) {
      ctx_->flows.Step(key, row);
    } else if (flow_direction == pb::track_event_legacy_event_flow_direction::kFlowOut) {
      ctx_->flows.Begin(key, row);
    } else if (flow_direction == pb::track_event_legacy_event_flow_direction::kFlowIn) {
      ctx_->flows.End(key, row, /*close=*/false);
    }
  }
}

void ProtoParser::BindFlows(const std::vector<uint64_t>& ids, bool terminating,
                            uint32_t slice) {
  for (uint64_t id : ids) {
    uint64_t key = FlowKey(id);
    bool open = open_flows_.count(id) != 0;
    if (terminating) {
      if (!open) continue;
      ctx_->flows.End(key, slice, /*close=*/true);
      open_flows_.erase(id);
    } else if (open) {
      ctx_->flows.Step(key, slice);
    } else {
      ctx_->flows.Begin(key, slice);
      open_flows_.insert(id);
    }
  }
}

}  // namespace weft
