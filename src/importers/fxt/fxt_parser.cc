// FxtParser: one method per family of event types; nesting goes through
// the shared SliceTracker, flows through the shared FlowTracker.
#include "src/importers/fxt/fxt_parser.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "src/base/hash.h"
#include "src/base/loop_blocks.h"
#include "src/importers/common/timestamp_order.h"


namespace weft {
namespace {

// Reorders |events| in place so that events[i] becomes the old
// events[order[i]] (following each cycle of the permutation once); |order|
// is used up as the visited marks.
void ApplyOrder(std::vector<uint32_t>* order, FxtEventChunks* events) {
  std::vector<uint32_t>& from = *order;
  for (size_t start = 0; start < from.size(); ++start) {
    if (from[start] == start) continue;
    FxtEvent first = (*events)[start];
    size_t to = start;
    while (from[to] != start) {
      size_t next = from[to];
      (*events)[to] = (*events)[next];
      from[to] = static_cast<uint32_t>(to);
      to = next;
    }
    (*events)[to] = first;
    from[to] = static_cast<uint32_t>(to);
  }
}

// How many events ahead ParseAll() prefetches the args of.
constexpr size_t kArgPrefetchDistance = 16;

}  // namespace

FxtParser::FxtParser(TraceContext* context, FxtEventQueue* queue)
    : ctx_(context),
      storage_(context->storage),
      queue_(queue),
      async_tracks_(&context->tracks),
      sched_(context),
      type_counter_(storage_->Intern("fuchsia_counter")),
      type_async_(storage_->Intern("legacy_async_process_slice")) {
  ctx_->processes.NameIdleTask();
}

void FxtParser::ParseAll() {
  FxtEventChunks& events = queue_->events;
  // The tokenizer sorted the queue as it grew, unless it was too far out
  // of order for that.
  if (!queue_->order.ordered()) {
    std::vector<uint32_t> order = TimestampOrder(events);
    ApplyOrder(&order, &events);
  }
  // In wasm the rows are not reserved: a reserved column is a new block on
  // top of the whole queue, while a growing one can take space the parsed
  // queue chunks gave back (wasm memory is never returned, so the heap's
  // high-water mark is what the load costs in fresh pages).
#ifndef __EMSCRIPTEN__
  ReserveRows();
#endif
  // Parsed in order, so the queue shrinks from the front as the tables
  // grow: each parsed chunk is freed.
  const size_t count = events.size();
  // In blocks, so that wasm runs the loop optimized (src/base/loop_blocks.h).
  ForEachInBlocks(0, count, [&](size_t i) {
    // The args of an event a few places ahead: read in queue order, they
    // were a cache miss each.
    if (i + kArgPrefetchDistance < count) {
      const FxtEvent& ahead = events[i + kArgPrefetchDistance];
      if (ahead.arg_slots() != 0) {
        __builtin_prefetch(&queue_->args[ahead.first_arg]);
      }
    }
    Parse(events[i]);
    queue_->ReleaseArgUser(events[i]);
    events.ReleaseBefore(i + 1);
  });
  events.clear();
  queue_->args.clear();
  std::vector<uint32_t>().swap(queue_->arg_chunk_users);
  PodVector<FxtBlobRow>().swap(queue_->blobs);
}

void FxtParser::ReserveRows() {
  const FxtRowCounts& rows = queue_->rows;
  storage_->slice.ReserveRows(storage_->slice.row_count() + rows.slices);
  storage_->counter.ReserveRows(storage_->counter.row_count() + rows.counters);
  storage_->sched.ReserveRows(storage_->sched.row_count() + rows.switches);
  // A switch makes a Running row (no cells of its own) and the prev
  // thread's row; a wakeup a row.
  storage_->thread_state.ReserveRows(/*own_rows=*/rows.switches + rows.wakeups,
                                     /*running_rows=*/rows.switches);
}

uint32_t FxtParser::ArgSet(const FxtEvent& e) {
  if (e.arg_count == 0) return Uint32Column::kNull;
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  for (uint32_t i = 0; i < e.arg_count; ++i) {
    const FxtArg& a = queue_->args[e.first_arg + i];
    // Perfetto keys FXT args by their bare name.
    args.Add(set, a.name, a.name, a.type, a.raw);
  }
  return args.FinishSet();
}

void FxtParser::Parse(const FxtEvent& e) {
  ProcessTracker& processes = ctx_->processes;
  if (e.kind == FxtEvent::kProcessName) {
    processes.SetProcessName(processes.GetOrCreateProcess(e.pid), e.name);
    return;
  }
  switch (e.kind) {
    case FxtEvent::kThreadName:
      processes.SetThreadName(processes.UpdateThread(e.tid, e.pid), e.name);
      return;
    case FxtEvent::kContextSwitch:
      return sched_.ParseSwitch(e, queue_->switch_priorities.Of(e));
    case FxtEvent::kWakeup:
      return sched_.ParseWakeup(e);
    case FxtEvent::kLog:
      return ParseLog(e);
    case FxtEvent::kBlob:
      return ParseBlob(e);
    case FxtEvent::kUserspaceObject:
      storage_->fuchsia_userspace_object.Insert(processes.GetOrCreateProcess(e.pid),
                                                static_cast<int64_t>(Extra(e)), e.name,
                                                ArgSet(e));
      return;
    default:
      break;
  }
  SliceInfo info;
  info.cat = e.cat;
  info.name = e.name;
  switch (e.event_type) {
    case fxt::kCounter:
      return ParseCounter(e);
    case fxt::kAsyncBegin:
    case fxt::kAsyncInstant:
    case fxt::kAsyncEnd:
      return ParseAsync(e);
    case fxt::kFlowBegin:
    case fxt::kFlowStep:
    case fxt::kFlowEnd:
      return ParseFlow(e);
    case fxt::kInstant:
    case fxt::kDurationBegin:
    case fxt::kDurationEnd:
    case fxt::kDurationComplete:
      break;
    default:
      storage_->stats.Increment(Stat::fuchsia_invalid_event);
      return;
  }
  int64_t dur = 0;
  if (e.event_type == fxt::kDurationComplete) {
    dur = static_cast<int64_t>(Extra(e)) - e.ts;
    if (dur < 0) {
      storage_->stats.Increment(Stat::fuchsia_timestamp_overflow);
      return;
    }
  }
  uint32_t utid = processes.UpdateThread(e.tid, e.pid);
  uint32_t track = ctx_->tracks.ThreadTrack(utid);
  info.arg_set = ArgSet(e);
  if (e.event_type == fxt::kDurationBegin) {
    ctx_->slices.Begin(track, e.ts, info);
    return;
  }
  if (e.event_type == fxt::kDurationEnd) {
    // Like Perfetto, an end closes the innermost open slice whatever its
    // name, so ends at one timestamp close in the right order.
    info.cat = info.name = kNullStringId;
    if (ctx_->slices.End(track, e.ts, info) == kNoSlice) {
      storage_->stats.Increment(Stat::fuchsia_unmatched_end_event);
    }
    return;
  }
  Overlap overlap;
  if (ctx_->slices.Scoped(track, e.ts, dur, info, &overlap) == kNoSlice) {
    storage_->stats.Increment(Stat::slice_drop_overlapping_complete_event);
    if (info.arg_set != Uint32Column::kNull) storage_->args.ReleaseSet(info.arg_set);
  }
}

size_t FxtParser::CounterKeyHash::operator()(const CounterKey& k) const {
  return HashCombine(HashCombine(k.upid, k.event_name), HashCombine(k.arg_name, k.counter_id));
}

uint32_t FxtParser::CounterTrack(uint32_t upid, const FxtEvent& e, StringId arg_name) {
  uint64_t counter_id = Extra(e);
  auto [it, inserted] =
      counter_tracks_.try_emplace(CounterKey{upid, e.name, arg_name, counter_id}, 0);
  if (!inserted) return it->second;
  const StringPool& pool = storage_->pool();
  char id[24];
  snprintf(id, sizeof(id), ":%" PRIu64, counter_id);
  name_buf_.assign(pool.Get(e.name));
  name_buf_.push_back(':');
  name_buf_.append(pool.Get(arg_name));
  name_buf_.append(id);
  it->second = ctx_->tracks.ProcessCounterTrack(upid, storage_->Intern(name_buf_), type_counter_);
  return it->second;
}

void FxtParser::ParseCounter(const FxtEvent& e) {
  uint32_t upid = ctx_->processes.GetOrCreateProcess(e.pid);
  // One series per argument, named <event>:<argument>:<counter id>.
  for (uint32_t i = 0; i < e.arg_count; ++i) {
    const FxtArg& a = queue_->args[e.first_arg + i];
    double value;
    switch (a.fxt_type) {
      case fxt::kArgInt32:
      case fxt::kArgInt64:
        value = static_cast<double>(a.raw);
        break;
      case fxt::kArgUint32:
      case fxt::kArgUint64:
        value = static_cast<double>(static_cast<uint64_t>(a.raw));
        break;
      case fxt::kArgDouble:
        memcpy(&value, &a.raw, 8);
        break;
      default:
        storage_->stats.Increment(Stat::fuchsia_non_numeric_counters);
        continue;
    }
    storage_->counter.Insert(e.ts, CounterTrack(upid, e, a.name), value, Uint32Column::kNull);
  }
}

void FxtParser::ParseAsync(const FxtEvent& e) {
  // Tracks belong to the process and are keyed by name and correlation id,
  // like JSON process-scoped async events, so the layout merges them by
  // name under the process.
  uint32_t upid = ctx_->processes.GetOrCreateProcess(e.pid);
  SliceInfo info;
  info.cat = e.cat;
  info.name = e.name;
  info.arg_set = ArgSet(e);
  uint64_t id = Extra(e);
  Overlap unused;
  switch (e.event_type) {
    case fxt::kAsyncBegin:
      ctx_->slices.Begin(async_tracks_.Begin(upid, id, e.name, type_async_), e.ts, info);
      return;
    case fxt::kAsyncEnd:
      ctx_->slices.End(async_tracks_.End(upid, id, e.name, type_async_), e.ts, info);
      return;
    default: {
      uint32_t track = async_tracks_.Instant(upid, id, e.name, type_async_);
      if (ctx_->slices.Scoped(track, e.ts, 0, info, &unused) == kNoSlice &&
          info.arg_set != Uint32Column::kNull) {
        storage_->args.ReleaseSet(info.arg_set);
      }
      return;
    }
  }
}

void FxtParser::ParseFlow(const FxtEvent& e) {
  // A flow event binds to the innermost slice open on its thread.
  uint32_t utid = ctx_->processes.UpdateThread(e.tid, e.pid);
  uint32_t slice = ctx_->slices.OpenSliceAt(ctx_->tracks.ThreadTrack(utid), e.ts);
  if (slice == kNoSlice) {
    storage_->stats.Increment(Stat::flow_no_enclosing_slice);
    return;
  }
  // The flow id is the record's correlation id.
  uint64_t id = Extra(e);
  int64_t trace_id = static_cast<int64_t>(id);
  if (e.event_type == fxt::kFlowBegin) {
    ctx_->flows.Begin(id, slice, trace_id);
  } else if (e.event_type == fxt::kFlowStep) {
    ctx_->flows.Step(id, slice, trace_id);
  } else {
    ctx_->flows.End(id, slice, /*close=*/true);
  }
}

void FxtParser::ParseLog(const FxtEvent& e) {
  // FXT log records carry no severity or tag: INFO and NULL.
  uint32_t utid = ctx_->processes.UpdateThread(e.tid, e.pid);
  storage_->android_logs.Insert(e.ts, utid, AndroidLogTable::kPriorityInfo, kNullStringId, e.name);
}

void FxtParser::ParseBlob(const FxtEvent& e) {
  const FxtBlobRow& row = queue_->blobs[static_cast<size_t>(Extra(e))];
  bool metadata = e.event_type == 1;
  uint32_t utid = metadata ? ctx_->processes.UpdateThread(e.tid, e.pid) : Uint32Column::kNull;
  StringId kind = storage_->Intern(row.blob_type < 0 ? "large_blob" : "blob");
  storage_->fuchsia_blob.Insert(kind, e.ts, utid, row.blob_type < 0 ? e.cat : kNullStringId,
                                e.name, row.blob_type, row.size, row.hex, ArgSet(e));
}

}  // namespace weft
