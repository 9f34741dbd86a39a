// PerfSampleParser: one PerfSample into profiler_sample, counter and
// callstack rows.
#include "src/importers/proto/profiling/perf_sample_parser.h"

#include <cinttypes>
#include <cstdio>
#include <string>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/common/perf_events.fields.h"
#include "protos/perfetto/trace/profiling/profile_packet.fields.h"
#include "protos/perfetto/trace/trace_packet_defaults.fields.h"
#include "src/base/string_view_util.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
namespace ps = pb::perf_sample;
constexpr uint32_t kNull = Uint32Column::kNull;

// perf tool's names of the builtin counters.
const char* CounterName(uint32_t counter) {
  namespace c = pb::perf_events_counter;
  switch (counter) {
    case c::kSwCpuClock: return "cpu-clock";
    case c::kSwPageFaults: return "page-faults";
    case c::kSwTaskClock: return "task-clock";
    case c::kSwContextSwitches: return "context-switches";
    case c::kSwCpuMigrations: return "cpu-migrations";
    case c::kSwPageFaultsMin: return "minor-faults";
    case c::kSwPageFaultsMaj: return "major-faults";
    case c::kSwAlignmentFaults: return "alignment-faults";
    case c::kSwEmulationFaults: return "emulation-faults";
    case c::kSwDummy: return "dummy";
    case c::kHwCpuCycles: return "cpu-cycles";
    case c::kHwInstructions: return "instructions";
    case c::kHwCacheReferences: return "cache-references";
    case c::kHwCacheMisses: return "cache-misses";
    case c::kHwBranchInstructions: return "branch-instructions";
    case c::kHwBranchMisses: return "branch-misses";
    case c::kHwBusCycles: return "bus-cycles";
    case c::kHwStalledCyclesFrontend: return "stalled-cycles-frontend";
    case c::kHwStalledCyclesBackend: return "stalled-cycles-backend";
    case c::kHwRefCpuCycles: return "ref-cycles";
  }
  return "unknown";
}

// What a Timebase or FollowerEvent counts (their fields differ only in
// number): the name the trace gives it, else its counter's, tracepoint's
// or raw event's (a Timebase without any counts the cpu timer). |is_clock|
// is set for the time-based counters.
struct EventFields {
  uint32_t name, counter, tracepoint, raw_event;
};
constexpr EventFields kTimebaseFields = {
    pb::perf_events_timebase::kName, pb::perf_events_timebase::kCounter,
    pb::perf_events_timebase::kTracepoint, pb::perf_events_timebase::kRawEvent};
constexpr EventFields kFollowerFields = {pb::follower_event::kName, pb::follower_event::kCounter,
                                         pb::follower_event::kTracepoint,
                                         pb::follower_event::kRawEvent};

std::string EventName(protozero::data_view bytes, const EventFields& f, bool* is_clock) {
  std::string name, derived = "unknown";
  uint32_t counter = pb::perf_events_counter::kSwCpuClock;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag() == f.name && r.wire_type() == kBytes) {
      name = View(r.get_view());
    } else if (r.tag() == f.counter && r.wire_type() == kVarint) {
      counter = r.get_uint32();
      derived = CounterName(counter);
    } else if (r.tag() == f.tracepoint && r.wire_type() == kBytes) {
      protozero::pbf_reader tp = r.get_message();
      while (tp.next(pb::perf_events_tracepoint::kName, kBytes)) derived = View(tp.get_view());
    } else if (r.tag() == f.raw_event && r.wire_type() == kBytes) {
      uint32_t type = 0;
      uint64_t config = 0;
      protozero::pbf_reader raw = r.get_message();
      while (raw.next()) {
        switch (raw.tag_and_type()) {
          case tag_and_type(pb::perf_events_raw_event::kType, kVarint): type = raw.get_uint32(); break;
          case tag_and_type(pb::perf_events_raw_event::kConfig, kVarint):
            config = raw.get_uint64();
            break;
          default: raw.skip();
        }
      }
      char buf[64];
      snprintf(buf, sizeof(buf), "raw.0x%" PRIx32 ".0x%" PRIx64, type, config);
      derived = buf;
    } else {
      r.skip();
    }
  }
  if (derived == "unknown" && f.counter == kTimebaseFields.counter) derived = "cpu-clock";
  *is_clock = derived == "cpu-clock" || derived == "task-clock";
  return name.empty() ? derived : name;
}

const char* CpuModeName(uint32_t mode) {
  namespace m = pb::profiling_cpu_mode;
  switch (mode) {
    case m::kModeKernel: return "kernel";
    case m::kModeUser: return "user";
    case m::kModeHypervisor: return "hypervisor";
    case m::kModeGuestKernel: return "guest_kernel";
    case m::kModeGuestUser: return "guest_user";
  }
  return nullptr;
}

const char* UnwindErrorName(uint32_t error) {
  static const char* const kNames[] = {"unknown",      "none",        "memory_invalid",
                                       "unwind_info",  "unsupported", "invalid_map",
                                       "max_frames_exceeded", "repeated_frame", "invalid_elf"};
  return error < sizeof(kNames) / sizeof(kNames[0]) ? kNames[error] : "unknown";
}

struct PerfSampleFields {
  bool has_cpu = false, has_callstack = false, has_timebase = false, has_skip = false;
  bool has_unwind_error = false;
  uint32_t cpu = 0, pid = 0, tid = 0, mode = 0, unwind_error = 0, skip = 0;
  uint64_t callstack_iid = 0, timebase = 0, lost = 0;
  std::vector<uint64_t> followers;
};

PerfSampleFields Decode(protozero::data_view bytes) {
  PerfSampleFields f;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag() == ps::kFollowerCounts) {
      ReadRepeatedUint64(&r, /*fixed=*/false, &f.followers);
      continue;
    }
    if (r.wire_type() != kVarint) {
      r.skip();
      continue;
    }
    switch (r.tag()) {
      case ps::kCpu: f.cpu = r.get_uint32(); f.has_cpu = true; break;
      case ps::kPid: f.pid = r.get_uint32(); break;
      case ps::kTid: f.tid = r.get_uint32(); break;
      case ps::kCpuMode: f.mode = r.get_uint32(); break;
      case ps::kCallstackIid: f.callstack_iid = r.get_uint64(); f.has_callstack = true; break;
      case ps::kTimebaseCount: f.timebase = r.get_uint64(); f.has_timebase = true; break;
      case ps::kUnwindError: f.unwind_error = r.get_uint32(); f.has_unwind_error = true; break;
      case ps::kKernelRecordsLost: f.lost = r.get_uint64(); break;
      case ps::kSampleSkippedReason: f.skip = r.get_uint32(); f.has_skip = true; break;
      default: r.skip();
    }
  }
  return f;
}

}  // namespace

PerfSampleParser::PerfSampleParser(TraceContext* context, TrackEventCallstacks* callstacks,
                                   ProfilerSampleTracker* samples)
    : ctx_(context), callstacks_(callstacks), samples_(samples) {
  TraceStorage* s = ctx_->storage;
  source_ = s->Intern("linux.perf");
  type_ = s->Intern("perf_cpu_counter");
  key_cpu_ = s->Intern("cpu");
  key_session_ = s->Intern("perf_session_id");
  key_name_ = s->Intern("counter_name");
}

PerfSampleParser::Session& PerfSampleParser::SessionOf(const SequenceGeneration& gen) {
  auto [it, inserted] = sessions_.try_emplace(gen.seq_id);
  if (inserted) it->second.id = samples_->NewSession(source_);
  return it->second;
}

uint32_t PerfSampleParser::Track(const Session& session, uint32_t cpu, StringId name,
                                 bool is_timebase) {
  std::vector<ProfilerSampleTracker::Dimension> dims = {
      {key_cpu_, false, cpu}, {key_session_, false, session.id}, {key_name_, true, name}};
  return samples_->CounterTrack(type_, dims, name, kNullStringId, is_timebase);
}

const PerfSampleParser::CpuTracks& PerfSampleParser::TracksOf(Session* session, uint32_t cpu,
                                                              const SequenceGeneration& gen) {
  auto it = session->cpus.find(cpu);
  if (it != session->cpus.end()) return it->second;
  TraceStorage* s = ctx_->storage;
  // Without defaults (Android R / early S producers) the timebase is the
  // cpu timer.
  std::string timebase = "cpu-clock";
  bool is_clock = true;
  std::vector<std::string> followers;
  if (gen.has_perf_sample_defaults) {
    namespace d = pb::perf_sample_defaults;
    protozero::pbf_reader r(gen.perf_sample_defaults);
    while (r.next()) {
      bool follower_clock = false;
      switch (r.tag_and_type()) {
        case tag_and_type(d::kTimebase, kBytes):
          timebase = EventName(r.get_view(), kTimebaseFields, &is_clock);
          break;
        case tag_and_type(d::kFollowers, kBytes):
          followers.push_back(EventName(r.get_view(), kFollowerFields, &follower_clock));
          break;
        default: r.skip();
      }
    }
  }
  samples_->SetTimebaseUnit(session->id, s->Intern(is_clock ? "ns" : "count"));
  CpuTracks tracks;
  tracks.timebase = Track(*session, cpu, s->Intern(timebase), /*is_timebase=*/true);
  for (const std::string& name : followers) {
    tracks.followers.push_back(Track(*session, cpu, s->Intern(name), /*is_timebase=*/false));
  }
  return session->cpus.emplace(cpu, std::move(tracks)).first->second;
}

void PerfSampleParser::Parse(int64_t ts, uint32_t generation, const SequenceGeneration& gen,
                             protozero::data_view bytes) {
  TraceStorage* s = ctx_->storage;
  PerfSampleFields f = Decode(bytes);
  if (f.lost > 0) {  // Not a sample: a kernel ring buffer lost records.
    s->stats.Increment(Stat::perf_cpu_lost_records, static_cast<int64_t>(f.lost));
    return;
  }
  if (f.has_skip) {
    namespace sk = pb::perf_sample_sample_skip_reason;
    if (f.skip == sk::kProfilerSkipReadStage || f.skip == sk::kProfilerSkipUnwindStage) {
      s->stats.Increment(Stat::perf_samples_skipped);
    } else if (f.skip == sk::kProfilerSkipUnwindEnqueue) {
      s->stats.Increment(Stat::perf_samples_skipped_dataloss);
    }
  }
  Session& session = SessionOf(gen);
  const CpuTracks& tracks = TracksOf(&session, f.cpu, gen);
  std::vector<uint32_t> counters;
  if (f.has_timebase) {
    counters.push_back(s->counter.Insert(ts, tracks.timebase, static_cast<double>(f.timebase),
                                         kNull));
  }
  for (size_t i = 0; i < f.followers.size() && i < tracks.followers.size(); ++i) {
    counters.push_back(s->counter.Insert(ts, tracks.followers[i],
                                         static_cast<double>(f.followers[i]), kNull));
  }
  ProfilerSampleTable::Row row;
  row.ts = ts;
  row.source = source_;
  row.session_id = session.id;
  row.counter_set_id = samples_->AddCounterSet(counters);
  ProfilerTaskContextTable::Row task;
  task.utid = ctx_->processes.UpdateThread(f.tid, f.pid);
  task.upid = ctx_->processes.GetOrCreateProcess(f.pid);
  row.task_context_id = samples_->InternTaskContext(task);
  const char* mode = CpuModeName(f.mode);
  if (f.has_cpu) ctx_->GetOrCreateCpu(f.cpu);  // The cpu table lists it.
  if (f.has_cpu || mode) {
    row.execution_context_id = samples_->InternExecutionContext(
        f.has_cpu ? f.cpu : kNull, mode ? s->Intern(mode) : kNullStringId);
  }
  if (f.has_callstack) row.callsite_id = callstacks_->InternedCallsite(generation, gen, f.callstack_iid);
  if (f.has_unwind_error) row.unwind_error = s->Intern(UnwindErrorName(f.unwind_error));
  samples_->AddSample(row);
}

}  // namespace weft
