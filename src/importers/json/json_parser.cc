// JsonParser: per-phase semantics. Each Parse* method handles one family
// of phases; all nesting goes through the shared SliceTracker.
#include "src/importers/json/json_parser.h"

#include <cstdlib>
#include <cstring>

#include "src/base/hash.h"
#include "src/base/loop_blocks.h"
#include "src/base/numeric.h"

namespace weft {
namespace {

// Flow ids are hex strings ("0x402") or integers.
bool FlowIdValue(const JsonId& id, const StringPool& pool, uint64_t* out) {
  if (id.kind == JsonIdKind::kInt) {
    *out = id.value;
    return true;
  }
  if (id.kind != JsonIdKind::kString) return false;
  std::string s(pool.Get(static_cast<StringId>(id.value)));
  if (s.empty()) return false;
  char* end = nullptr;
  *out = strtoull(s.c_str(), &end, 16);
  if (*end != '\0') *out = HashBytes(s.data(), s.size());  // Opaque string id.
  return true;
}

double SideArgNumber(const SideArg& a, bool* ok, const StringPool& pool) {
  *ok = true;
  switch (a.type) {
    case ArgType::kInt:
      return static_cast<double>(a.raw);
    case ArgType::kReal: {
      double d;
      memcpy(&d, &a.raw, 8);
      return d;
    }
    case ArgType::kString: {
      // Whole string must be a number (".75", "+10.5"; not "1.5e").
      std::string s(pool.Get(static_cast<StringId>(a.raw)));
      char* end = nullptr;
      double d = s.empty() ? 0 : strtod(s.c_str(), &end);
      *ok = !s.empty() && end && *end == '\0';
      return d;
    }
    default:
      *ok = false;
      return 0;
  }
}

}  // namespace

JsonParser::JsonParser(TraceContext* context, JsonEventQueue* queue)
    : ctx_(context), storage_(context->storage), queue_(queue),
      async_tracks_(&context->tracks) {
  TraceStorage* s = storage_;
  no_name_ = s->Intern("[No name]");
  type_async_process_ = s->Intern("legacy_async_process_slice");
  type_async_global_ = s->Intern("legacy_async_global_slice");
  type_json_counter_ = s->Intern("json_counter");
  thread_state_cat_ = s->Intern("thread_state");
  running_ = s->Intern("Running");
  error_ = s->Intern("error");
  phase_x_ = s->Intern("X");
  key_event_name_ = s->Intern("event_name");
  key_event_phase_ = s->Intern("event_phase");
  key_overlap_start_ = s->Intern("overlap_start");
  key_overlap_end_ = s->Intern("overlap_end");
  key_conflicting_name_ = s->Intern("conflicting_slice_name");
  key_conflicting_ts_ = s->Intern("conflicting_slice_ts");
  key_conflicting_dur_ = s->Intern("conflicting_slice_dur");
  log_spill_ = s->Intern("slice_spill_overlapping_complete_event");
  log_drop_ = s->Intern("slice_drop_overlapping_complete_event");
  process_sort_hint_ = s->Intern("process_sort_index_hint");
  thread_sort_hint_ = s->Intern("thread_sort_index_hint");
}

void JsonParser::ParseAll() {
  PodVector<uint32_t> order = queue_->SortedOrder();
  const auto& events = queue_->events();
  // The order jumps around the queue: load events a few steps ahead.
  constexpr size_t kAhead = 8;
  size_t n = order.size();
  ForEachInBlocks(0, n, [&](size_t i) {
    if (i + kAhead < n) __builtin_prefetch(&events[order[i + kAhead]]);
    Parse(events[order[i]]);
  });
  queue_->Clear();
}

const SideArg* JsonParser::SideArgs(const JsonEvent& e,
                                    const JsonEventExtra* extra,
                                    size_t* count) const {
  *count = 0;
  if (!(e.flags & kHasSideArgs) || !extra) return nullptr;
  *count = extra->side_arg_count;
  return queue_->side_args().data() + e.arg_set;
}

const SideArg* JsonParser::FindSideArg(const JsonEvent& e,
                                       const JsonEventExtra* extra,
                                       std::string_view key) const {
  size_t n;
  const SideArg* args = SideArgs(e, extra, &n);
  for (size_t i = 0; i < n; ++i) {
    if (storage_->pool().Get(args[i].key) == key) return &args[i];
  }
  return nullptr;
}

void JsonParser::Parse(const JsonEvent& e) {
  const JsonEventExtra* extra =
      e.extra == kNoIndex ? nullptr : &queue_->extras()[e.extra];
  ProcessTracker& processes = ctx_->processes;
  uint32_t utid = processes.UpdateThread(e.tid, e.pid);
  uint32_t upid = storage_->thread.upid[utid];
  if (extra) {
    if (extra->pid_name != kNullStringId) processes.SetProcessName(upid, extra->pid_name);
    if (extra->tid_name != kNullStringId) processes.SetThreadName(utid, extra->tid_name);
  }
  uint32_t args = (e.flags & kHasSideArgs) ? Uint32Column::kNull : e.arg_set;
  SliceInfo info;
  info.cat = e.cat;
  info.arg_set = args;
  switch (e.phase) {
    case 'B': {
      uint32_t track = ctx_->tracks.ThreadTrack(utid);
      info.name = SliceName(e.name);
      if (extra) info.tts = extra->tts;
      uint32_t row = ctx_->slices.Begin(track, e.ts, info);
      ctx_->flows.OnSliceBegin(track, row);
      BindFlowV2(e, extra, row);
      return;
    }
    case 'E': {
      info.name = e.name;
      if (extra) info.tts = extra->tts;
      if (ctx_->slices.End(ctx_->tracks.ThreadTrack(utid), e.ts, info) == kNoSlice) {
        storage_->stats.Increment(Stat::json_unmatched_end_event);
      }
      return;
    }
    case 'X':
      return ParseComplete(e, extra, utid);
    case 'i':
    case 'I':
    case 'R':
      return ParseInstant(e, extra, utid, upid);
    case 'b':
    case 'e':
    case 'n':
      return ParseAsync(e, extra, e.phase, upid);
    case 'S':  // Legacy async begin/end: same model as nestable async.
      return ParseAsync(e, extra, 'b', upid);
    case 'F':
      return ParseAsync(e, extra, 'e', upid);
    case 'p':
      return ParseAsync(e, extra, 'n', upid);
    case 's':
    case 't':
    case 'f':
      return ParseFlowV1(e, extra, utid);
    case 'C':
      return ParseCounter(e, extra, upid);
    case 'M':
      return ParseMetadata(e, extra, utid, upid);
    case 'T':
      if (e.cat == thread_state_cat_) return ParseThreadState(e, extra, utid);
      return ParseAsync(e, extra, 'n', upid);  // Legacy async step.
    default:
      storage_->stats.Increment(Stat::json_unknown_phase);
      DropArgs(e);
      return;
  }
}

void JsonParser::DropArgs(const JsonEvent& e) {
  if (e.arg_set != kNoIndex && !(e.flags & kHasSideArgs)) {
    storage_->args.ReleaseSet(e.arg_set);
  }
}

void JsonParser::ParseComplete(const JsonEvent& e, const JsonEventExtra* extra,
                               uint32_t utid) {
  SliceInfo info;
  info.cat = e.cat;
  info.name = SliceName(e.name);
  info.arg_set = e.arg_set;
  if (extra) {
    info.tts = extra->tts;
    if (info.tts != kNoThreadTime) info.tdur = extra->tdur;
  }
  uint32_t track = ctx_->tracks.ThreadTrack(utid);
  Overlap overlap;
  uint32_t row = ctx_->slices.Scoped(track, e.ts, e.dur, info, &overlap);
  // Improperly nested: move it to a spill track beside the thread's.
  for (uint32_t level = 1; row == kNoSlice && level <= 8; ++level) {
    if (level == 1) {
      storage_->stats.Increment(Stat::slice_spill_overlapping_complete_event);
      LogOverlap(e, overlap.conflicting_slice, log_spill_);
    }
    track = ctx_->tracks.ThreadSpillTrack(utid, level);
    row = ctx_->slices.Scoped(track, e.ts, e.dur, info, &overlap);
  }
  if (row == kNoSlice) {
    storage_->stats.Increment(Stat::slice_drop_overlapping_complete_event);
    LogOverlap(e, overlap.conflicting_slice, log_drop_);
    DropArgs(e);
    return;
  }
  ctx_->flows.OnSliceBegin(track, row);
  BindFlowV2(e, extra, row);
}

void JsonParser::LogOverlap(const JsonEvent& e, uint32_t conflicting,
                            StringId log_name) {
  ArgsTable& args = storage_->args;
  const SliceTable& slice = storage_->slice;
  uint32_t set = args.BeginSet();
  StringId name = e.name == kNullStringId ? no_name_ : e.name;
  args.AddString(set, key_event_name_, key_event_name_, name);
  args.AddString(set, key_event_phase_, key_event_phase_, phase_x_);
  args.AddInt(set, key_overlap_start_, key_overlap_start_, e.ts);
  int64_t c_ts = slice.ts[conflicting], c_dur = slice.dur[conflicting];
  args.AddInt(set, key_overlap_end_, key_overlap_end_, c_ts + c_dur);
  args.AddString(set, key_conflicting_name_, key_conflicting_name_, slice.name[conflicting]);
  args.AddInt(set, key_conflicting_ts_, key_conflicting_ts_, c_ts);
  args.AddInt(set, key_conflicting_dur_, key_conflicting_dur_, c_dur);
  storage_->import_logs.Insert(e.ts, error_, log_name, args.FinishSet());
}

void JsonParser::ParseInstant(const JsonEvent& e, const JsonEventExtra* extra,
                              uint32_t utid, uint32_t upid) {
  SliceInfo info;
  info.cat = e.cat;
  info.arg_set = e.arg_set;
  uint32_t track;
  if (e.scope == 'g') {
    track = ctx_->tracks.GlobalInstantTrack();
    info.name = e.name;
  } else if (e.scope == 'p') {
    if (!(e.flags & kPidPresent)) {
      storage_->stats.Increment(Stat::json_parser_failure);
      DropArgs(e);
      return;
    }
    track = ctx_->tracks.ProcessInstantTrack(upid);
    info.name = e.name;
  } else {
    if (!(e.flags & kTidPresent)) {
      storage_->stats.Increment(Stat::json_parser_failure);
      DropArgs(e);
      return;
    }
    track = ctx_->tracks.ThreadTrack(utid);
    info.name = SliceName(e.name);
    if (extra) info.tts = extra->tts;
  }
  Overlap unused;
  uint32_t row = ctx_->slices.Scoped(track, e.ts, 0, info, &unused);
  if (row != kNoSlice) ctx_->flows.OnSliceBegin(track, row);
}

void JsonParser::ParseAsync(const JsonEvent& e, const JsonEventExtra* extra,
                            char phase, uint32_t upid) {
  const JsonId* id = nullptr;
  bool local = false;
  if (extra) {
    if (extra->id2_local.kind != JsonIdKind::kNone) {
      id = &extra->id2_local;
      local = true;
    } else if (extra->id2_global.kind != JsonIdKind::kNone) {
      id = &extra->id2_global;
    } else if (extra->id.kind != JsonIdKind::kNone) {
      id = &extra->id;
    }
  }
  if (!id || !(e.flags & kPidPresent)) {
    storage_->stats.Increment(Stat::json_parser_failure);
    DropArgs(e);
    return;
  }
  // Tracks are keyed by (scope, category, id); see AsyncTrackSet.
  uint32_t scope = local ? upid : Uint32Column::kNull;
  uint64_t cookie = HashCombine(HashCombine(e.cat, id->value), static_cast<uint64_t>(id->kind));
  StringId type = local ? type_async_process_ : type_async_global_;
  uint32_t track = phase == 'b'   ? async_tracks_.Begin(scope, cookie, e.name, type)
                   : phase == 'e' ? async_tracks_.End(scope, cookie, e.name, type)
                                  : async_tracks_.Instant(scope, cookie, e.name, type);
  SliceInfo info;
  info.cat = e.cat;
  info.arg_set = (e.flags & kHasSideArgs) ? Uint32Column::kNull : e.arg_set;
  uint32_t row = kNoSlice;
  if (phase == 'b') {
    info.name = SliceName(e.name);
    row = ctx_->slices.Begin(track, e.ts, info);
  } else if (phase == 'e') {
    info.name = e.name;
    ctx_->slices.End(track, e.ts, info);
    return;
  } else {
    info.name = e.name;
    Overlap unused;
    row = ctx_->slices.Scoped(track, e.ts, 0, info, &unused);
  }
  if (row == kNoSlice) return;
  ctx_->flows.OnSliceBegin(track, row);
  BindFlowV2(e, extra, row);
}

void JsonParser::BindFlowV2(const JsonEvent& e, const JsonEventExtra* extra,
                            uint32_t slice) {
  if (!extra || extra->bind_id.kind == JsonIdKind::kNone) return;
  uint64_t id;
  if (!FlowIdValue(extra->bind_id, storage_->pool(), &id)) return;
  uint64_t key = HashCombine(id, 0x7632);  // Separate v2 ids from v1 keys.
  bool in = e.flags & kFlowIn, out = e.flags & kFlowOut;
  int64_t trace_id = static_cast<int64_t>(id);
  if (in && out) {
    ctx_->flows.Step(key, slice, trace_id);
  } else if (out) {
    ctx_->flows.Begin(key, slice, trace_id);
  } else if (in) {
    ctx_->flows.End(key, slice, /*close=*/false);
  }
}

void JsonParser::ParseFlowV1(const JsonEvent& e, const JsonEventExtra* extra,
                             uint32_t utid) {
  DropArgs(e);  // Flow events make no slice of their own.
  uint64_t id;
  if (!extra || !FlowIdValue(extra->id, storage_->pool(), &id)) {
    storage_->stats.Increment(Stat::json_parser_failure);
    return;
  }
  uint64_t key = HashCombine(HashCombine(id, e.cat), e.name);
  uint32_t track = ctx_->tracks.ThreadTrack(utid);
  if (e.phase == 'f' && !(e.flags & kBindEnclosing)) {
    ctx_->flows.EndV1AtNextSlice(key, track);
    return;
  }
  uint32_t slice = ctx_->slices.OpenSliceAt(track, e.ts);
  if (slice == kNoSlice) {
    storage_->stats.Increment(Stat::flow_no_enclosing_slice);
    return;
  }
  if (e.phase == 's') {
    ctx_->flows.StartV1(key, slice);
  } else if (e.phase == 't') {
    ctx_->flows.StepV1(key, slice);
  } else {
    ctx_->flows.EndV1(key, slice);
  }
}

void JsonParser::ParseCounter(const JsonEvent& e, const JsonEventExtra* extra,
                              uint32_t upid) {
  size_t n;
  const SideArg* args = SideArgs(e, extra, &n);
  if (!args) {
    storage_->stats.Increment(Stat::json_parser_failure);
    return;
  }
  const StringPool& pool = storage_->pool();
  std::string prefix(e.name == kNullStringId ? "" : pool.Get(e.name));
  if (extra && extra->id.kind == JsonIdKind::kString) {
    prefix += " id: ";
    prefix += pool.Get(static_cast<StringId>(extra->id.value));
  }
  for (size_t i = 0; i < n; ++i) {
    bool ok;
    double value = SideArgNumber(args[i], &ok, pool);
    if (!ok) {
      storage_->stats.Increment(Stat::json_parser_failure);
      continue;
    }
    name_buf_.assign(prefix);
    name_buf_.push_back(' ');
    name_buf_.append(pool.Get(args[i].key));
    StringId name = storage_->Intern(name_buf_);
    uint32_t track = ctx_->tracks.ProcessCounterTrack(upid, name, type_json_counter_);
    storage_->counter.Insert(e.ts, track, value, Uint32Column::kNull);
  }
}

void JsonParser::ParseMetadata(const JsonEvent& e, const JsonEventExtra* extra,
                               uint32_t utid, uint32_t upid) {
  std::string_view what =
      e.name == kNullStringId ? std::string_view() : storage_->pool().Get(e.name);
  bool name_event = what == "process_name" || what == "thread_name";
  bool sort_event = what == "process_sort_index" || what == "thread_sort_index";
  if (!name_event && !sort_event) return;  // Other metadata is not imported.
  const SideArg* arg = FindSideArg(e, extra, name_event ? "name" : "sort_index");
  if (name_event) {
    if (!arg || arg->type != ArgType::kString ||
        storage_->pool().Get(static_cast<StringId>(arg->raw)).empty()) {
      storage_->stats.Increment(Stat::json_parser_failure);
      return;
    }
    StringId name = static_cast<StringId>(arg->raw);
    if (what == "process_name") {
      ctx_->processes.SetProcessName(upid, name);
    } else {
      ctx_->processes.SetThreadName(utid, name);
    }
    return;
  }
  bool ok = arg && (arg->type == ArgType::kInt || arg->type == ArgType::kReal);
  if (!ok) {
    storage_->stats.Increment(Stat::json_parser_failure);
    return;
  }
  int64_t index = arg->raw;
  if (arg->type == ArgType::kReal) {
    double d;
    memcpy(&d, &arg->raw, 8);
    index = SaturatingInt64(d);
  }
  if (what == "process_sort_index") {
    ctx_->processes.AddProcessArg(upid, process_sort_hint_, ArgType::kInt, index);
  } else {
    ctx_->processes.AddThreadArg(utid, thread_sort_hint_, ArgType::kInt, index);
  }
}

void JsonParser::ParseThreadState(const JsonEvent& e,
                                  const JsonEventExtra* extra, uint32_t utid) {
  ThreadStateTable& ts = storage_->thread_state;
  int64_t dur = e.dur == kNoValue ? -1 : e.dur;
  uint32_t row = ts.Insert(e.ts, dur, utid, e.name);
  if (const SideArg* io = FindSideArg(e, extra, "io_wait")) {
    if (io->type == ArgType::kInt || io->type == ArgType::kBool) {
      ts.io_wait.Set(row, io->raw ? 1 : 0);
    }
  }
  if (const SideArg* fn = FindSideArg(e, extra, "blocked_function")) {
    if (fn->type == ArgType::kString) ts.blocked_function.Set(row, static_cast<StringId>(fn->raw));
  }
  const SideArg* cpu = FindSideArg(e, extra, "cpu");
  if (!cpu) return;
  if (cpu->type != ArgType::kInt || cpu->raw < 0 || cpu->raw > 4096) {
    storage_->stats.Increment(Stat::thread_state_invalid_cpu);
    return;
  }
  uint32_t cpu_value = static_cast<uint32_t>(cpu->raw);
  uint32_t ucpu = ctx_->GetOrCreateCpu(cpu_value);
  ts.cpu.Set(row, cpu_value);
  ts.ucpu.Set(row, ucpu);
  if (e.name == running_) storage_->sched.Insert(e.ts, dur, cpu_value, utid, ucpu);
}

}  // namespace weft
