// StackSampleParser: one StackSample into profiler_sample, counter and
// callstack rows.
#include "src/importers/proto/profiling/stack_sample_parser.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/profiling/stack_sample.fields.h"
#include "src/base/string_view_util.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
namespace ss = pb::stack_sample;
constexpr uint32_t kNull = Uint32Column::kNull;
// Async contexts nest no deeper (a parent loop ends there).
constexpr int kMaxAsyncDepth = 64;

struct StackSampleFields {
  bool has_task = false, has_task_iid = false, has_exec = false, has_exec_iid = false;
  bool has_callstack = false, has_callstack_iid = false, has_primary = false;
  bool has_primary_iid = false, has_weight = false, has_unwind_error = false;
  protozero::data_view task, exec, callstack, primary, unwind_error;
  uint64_t task_iid = 0, exec_iid = 0, callstack_iid = 0, primary_iid = 0, weight = 0;
  std::vector<protozero::data_view> followers;
  std::vector<uint64_t> follower_iids, follower_weights;
};

StackSampleFields Decode(protozero::data_view bytes) {
  StackSampleFields f;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ss::kTaskContext, kBytes): f.task = r.get_view(); f.has_task = true; break;
      case tag_and_type(ss::kTaskContextIid, kVarint):
        f.task_iid = r.get_uint64();
        f.has_task_iid = true;
        break;
      case tag_and_type(ss::kExecutionContext, kBytes):
        f.exec = r.get_view();
        f.has_exec = true;
        break;
      case tag_and_type(ss::kExecutionContextIid, kVarint):
        f.exec_iid = r.get_uint64();
        f.has_exec_iid = true;
        break;
      case tag_and_type(ss::kCallstack, kBytes):
        f.callstack = r.get_view();
        f.has_callstack = true;
        break;
      case tag_and_type(ss::kCallstackIid, kVarint):
        f.callstack_iid = r.get_uint64();
        f.has_callstack_iid = true;
        break;
      case tag_and_type(ss::kUnwindError, kBytes):
        f.unwind_error = r.get_view();
        f.has_unwind_error = true;
        break;
      case tag_and_type(ss::kPrimaryDescriptor, kBytes):
        f.primary = r.get_view();
        f.has_primary = true;
        break;
      case tag_and_type(ss::kPrimaryDescriptorIid, kVarint):
        f.primary_iid = r.get_uint64();
        f.has_primary_iid = true;
        break;
      case tag_and_type(ss::kPrimaryWeight, kVarint):
        f.weight = r.get_uint64();
        f.has_weight = true;
        break;
      case tag_and_type(ss::kFollowerDescriptors, kBytes): f.followers.push_back(r.get_view()); break;
      default:
        if (r.tag() == ss::kFollowerDescriptorIids) {
          ReadRepeatedUint64(&r, /*fixed=*/false, &f.follower_iids);
        } else if (r.tag() == ss::kFollowerWeights) {
          ReadRepeatedUint64(&r, /*fixed=*/false, &f.follower_weights);
        } else {
          r.skip();
        }
    }
  }
  return f;
}

// StackSampleDefaults: the source and the default descriptors.
struct Defaults {
  std::string_view source;
  bool has_primary = false;
  protozero::data_view primary;
  std::vector<protozero::data_view> followers;
};

Defaults DecodeDefaults(const SequenceGeneration& gen) {
  namespace d = pb::stack_sample_defaults;
  Defaults out;
  if (!gen.has_stack_sample_defaults) return out;
  protozero::pbf_reader r(gen.stack_sample_defaults);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(d::kSource, kBytes): out.source = View(r.get_view()); break;
      case tag_and_type(d::kPrimaryDescriptor, kBytes):
        out.primary = r.get_view();
        out.has_primary = true;
        break;
      case tag_and_type(d::kFollowerDescriptors, kBytes): out.followers.push_back(r.get_view()); break;
      default: r.skip();
    }
  }
  return out;
}

const char* ModeName(uint32_t mode) {
  namespace m = pb::stack_sample_mode;
  switch (mode) {
    case m::kUser: return "user";
    case m::kKernel: return "kernel";
    case m::kHypervisor: return "hypervisor";
    case m::kGuestUser: return "guest_user";
    case m::kGuestKernel: return "guest_kernel";
  }
  return nullptr;
}

const char* UnitName(uint32_t unit) {
  static const char* const kNames[] = {nullptr,         "ns",           "cycles",
                                       "instructions",  "bytes",        "page-faults",
                                       "cache-misses",  "cache-references", "branch-misses",
                                       "count"};
  return unit < sizeof(kNames) / sizeof(kNames[0]) ? kNames[unit] : nullptr;
}

}  // namespace

StackSampleParser::StackSampleParser(TraceContext* context, TrackEventCallstacks* callstacks,
                                     ProfilerSampleTracker* samples)
    : ctx_(context), callstacks_(callstacks), samples_(samples) {
  TraceStorage* s = ctx_->storage;
  type_ = s->Intern("stack_sample_session_counter");
  key_session_ = s->Intern("session_id");
  key_source_ = s->Intern("source");
  key_name_ = s->Intern("counter_name");
  inline_mapping_ = s->Intern("stack_sample_inline");
}

bool StackSampleParser::Lookup(bool has_inline, protozero::data_view inline_bytes, uint64_t iid,
                               const IidMap<std::string>* map, protozero::data_view* out) {
  if (has_inline) {
    *out = inline_bytes;
    return true;
  }
  if (iid == 0) return false;
  const std::string* entry = map ? map->Find(iid) : nullptr;
  if (!entry) {
    ctx_->storage->stats.Increment(Stat::stack_sample_invalid_iid);
    return false;
  }
  *out = protozero::data_view(entry->data(), entry->size());
  return true;
}

uint32_t StackSampleParser::AsyncContext(uint64_t iid, uint32_t generation,
                                         const SequenceGeneration& gen, int depth) {
  auto cached = async_contexts_.find({generation, iid});
  if (cached != async_contexts_.end()) return cached->second;
  protozero::data_view bytes;
  const IidMap<std::string>* map = gen.profiling ? &gen.profiling->async_contexts : nullptr;
  if (depth > kMaxAsyncDepth || !Lookup(false, bytes, iid, map, &bytes)) return kNull;
  namespace a = pb::stack_sample_async_context_descriptor;
  TraceStorage* s = ctx_->storage;
  StringId name = kNullStringId, kind = kNullStringId;
  uint64_t parent_iid = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(a::kName, kBytes): name = s->Intern(View(r.get_view())); break;
      case tag_and_type(a::kKind, kBytes): kind = s->Intern(View(r.get_view())); break;
      case tag_and_type(a::kParentIid, kVarint): parent_iid = r.get_uint64(); break;
      default: r.skip();
    }
  }
  uint32_t parent = parent_iid ? AsyncContext(parent_iid, generation, gen, depth + 1) : kNull;
  uint32_t id = s->profiler_async_context.Insert(name, kind, parent);
  async_contexts_[{generation, iid}] = id;
  return id;
}

uint32_t StackSampleParser::TaskContext(protozero::data_view bytes, uint32_t generation,
                                        const SequenceGeneration& gen) {
  namespace t = pb::stack_sample_task_context;
  bool has_pid = false, has_tid = false;
  uint32_t pid = 0, tid = 0;
  uint64_t async_id = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(t::kPid, kVarint): pid = r.get_uint32(); has_pid = true; break;
      case tag_and_type(t::kTid, kVarint): tid = r.get_uint32(); has_tid = true; break;
      case tag_and_type(t::kAsyncId, kVarint): async_id = r.get_uint64(); break;
      default: r.skip();
    }
  }
  ProfilerTaskContextTable::Row row;
  if (has_pid) row.upid = ctx_->processes.GetOrCreateProcess(pid);
  if (has_tid) {
    row.utid = has_pid ? ctx_->processes.UpdateThread(tid, pid)
                       : ctx_->processes.GetOrCreateThread(tid);
  }
  if (async_id) row.async_context_id = AsyncContext(async_id, generation, gen);
  return samples_->InternTaskContext(row);
}

uint32_t StackSampleParser::ExecutionContext(protozero::data_view bytes) {
  namespace e = pb::stack_sample_execution_context;
  uint32_t cpu = kNull;
  StringId mode = kNullStringId;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(e::kCpu, kVarint):
        cpu = r.get_uint32();
        ctx_->GetOrCreateCpu(cpu);  // The cpu table lists it.
        break;
      case tag_and_type(e::kMode, kVarint): {
        const char* name = ModeName(r.get_uint32());
        mode = name ? ctx_->storage->Intern(name) : kNullStringId;
        break;
      }
      default: r.skip();
    }
  }
  return samples_->InternExecutionContext(cpu, mode);
}

uint32_t StackSampleParser::CounterTrack(const Session& session, protozero::data_view descriptor,
                                         bool is_timebase) {
  namespace c = pb::stack_sample_counter_descriptor;
  TraceStorage* s = ctx_->storage;
  StringId name = s->Intern(""), unit = kNullStringId, description = kNullStringId;
  protozero::pbf_reader r(descriptor);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(c::kName, kBytes): name = s->Intern(View(r.get_view())); break;
      case tag_and_type(c::kUnit, kVarint): {
        const char* u = UnitName(r.get_uint32());
        if (u) unit = s->Intern(u);
        break;
      }
      case tag_and_type(c::kUnitStr, kBytes):
        if (unit == kNullStringId) unit = s->Intern(View(r.get_view()));
        break;
      case tag_and_type(c::kDescription, kBytes): description = s->Intern(View(r.get_view())); break;
      default: r.skip();
    }
  }
  if (is_timebase) samples_->SetTimebaseUnit(session.id, unit);
  std::vector<ProfilerSampleTracker::Dimension> dims = {
      {key_session_, false, session.id}, {key_source_, true, session.source}, {key_name_, true, name}};
  uint32_t track = samples_->CounterTrack(type_, dims, name, unit, is_timebase);
  if (description != kNullStringId) s->track.description.Set(track, description);
  return track;
}

void StackSampleParser::Parse(int64_t ts, uint32_t generation, const SequenceGeneration& gen,
                              protozero::data_view bytes) {
  TraceStorage* s = ctx_->storage;
  StackSampleFields f = Decode(bytes);
  Defaults defaults = DecodeDefaults(gen);
  ProfilerSampleTable::Row row;
  // The callstack first: a malformed one throws before any row is written.
  if (f.has_callstack_iid) {
    row.callsite_id = callstacks_->InternedCallsite(generation, gen, f.callstack_iid);
  } else if (f.has_callstack) {
    row.callsite_id = callstacks_->DecodeInlineCallsite(f.callstack, inline_mapping_);
  }
  auto [session_it, new_session] = sessions_.try_emplace(gen.seq_id);
  Session& session = session_it->second;
  if (new_session) {
    session.source = defaults.source.empty() ? kNullStringId : s->Intern(defaults.source);
    session.id = samples_->NewSession(session.source);
  }
  const InternedProfiling* interned = gen.profiling.get();
  row.ts = ts;
  row.source = session.source;
  row.session_id = session.id;
  protozero::data_view v;
  if (Lookup(f.has_task, f.task, f.task_iid, interned ? &interned->task_contexts : nullptr, &v)) {
    row.task_context_id = TaskContext(v, generation, gen);
  }
  if (Lookup(f.has_exec, f.exec, f.exec_iid, interned ? &interned->execution_contexts : nullptr,
             &v)) {
    row.execution_context_id = ExecutionContext(v);
  }
  const IidMap<std::string>* descriptors = interned ? &interned->counter_descriptors : nullptr;
  std::vector<uint32_t> counters;
  if (Lookup(f.has_primary || (!f.has_primary_iid && defaults.has_primary),
             f.has_primary ? f.primary : defaults.primary, f.primary_iid, descriptors, &v) &&
      f.has_weight) {
    uint32_t track = CounterTrack(session, v, /*is_timebase=*/true);
    counters.push_back(s->counter.Insert(ts, track, static_cast<double>(f.weight), kNull));
  }
  // Follower descriptors: the sample's inline ones, else its iids, else the
  // defaults'; weights pair with them by position.
  std::vector<protozero::data_view> followers = f.followers;
  if (followers.empty()) {
    for (uint64_t iid : f.follower_iids) {
      followers.push_back(Lookup(false, v, iid, descriptors, &v) ? v : protozero::data_view());
    }
  }
  if (followers.empty()) followers = defaults.followers;
  for (size_t i = 0; i < f.follower_weights.size() && i < followers.size(); ++i) {
    if (followers[i].data() == nullptr) continue;  // An unknown iid.
    uint32_t track = CounterTrack(session, followers[i], /*is_timebase=*/false);
    counters.push_back(
        s->counter.Insert(ts, track, static_cast<double>(f.follower_weights[i]), kNull));
  }
  row.counter_set_id = samples_->AddCounterSet(counters);
  if (f.has_unwind_error) row.unwind_error = s->Intern(View(f.unwind_error));
  samples_->AddSample(row);
}

}  // namespace weft
