// FtraceParser: decodes FtraceEvents and applies them to the process tracker
// and the atrace marker parser.
#include "src/importers/proto/ftrace/ftrace_parser.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/ftrace.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/power.fields.h"
#include "protos/perfetto/trace/ftrace/raw_syscalls.fields.h"
#include "protos/perfetto/trace/ftrace/sched.fields.h"
#include "protos/perfetto/trace/ftrace/task.fields.h"
#include "protos/perfetto/trace/ftrace/tracing_mark_write.fields.h"
#include "src/importers/proto/ftrace/compact_sched.h"
#include "src/importers/proto/ftrace/queued_ftrace_event.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

// Where a driver's tracing_mark_write event keeps the parts of its atrace
// marker (0: it has no such field). The marker kind is `type` (a letter);
// without one, `begin` says begin (1) or end (0).
struct MarkerLayout {
  uint32_t event;  // The FtraceEvent field.
  uint32_t tgid, name, type, begin, value;
};

namespace {

using namespace proto_wire;  // NOLINT

// clone(2)'s CLONE_THREAD (the kernel's sched.h): the new task shares the
// caller's thread group, i.e. is a thread of its process.
constexpr uint64_t kCloneThread = 0x00010000;

namespace wakeup = pb::sched_wakeup_ftrace_event;
namespace waking = pb::sched_waking_ftrace_event;
namespace process_free = pb::sched_process_free_ftrace_event;
static_assert(wakeup::kComm == waking::kComm && wakeup::kPid == waking::kPid &&
                  wakeup::kComm == process_free::kComm && wakeup::kPid == process_free::kPid,
              "sched_wakeup, sched_waking and sched_process_free share comm/pid numbers");

// The (comm, pid) of sched_wakeup, sched_waking and sched_process_free.
struct CommAndPid {
  std::string_view comm;
  int64_t pid = 0;
};

CommAndPid ReadCommAndPid(protozero::data_view bytes) {
  CommAndPid out;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(wakeup::kComm, kBytes): out.comm = View(r.get_view()); break;
      case tag_and_type(wakeup::kPid, kVarint): out.pid = r.get_int32(); break;
      default: r.skip();
    }
  }
  return out;
}

namespace fe = pb::ftrace_event;
namespace mdss = pb::tracing_mark_write_ftrace_event;
namespace sde = pb::sde_tracing_mark_write_ftrace_event;
namespace dpu = pb::dpu_tracing_mark_write_ftrace_event;
namespace g2d = pb::g2d_tracing_mark_write_ftrace_event;
namespace mali = pb::mali_tracing_mark_write_ftrace_event;
constexpr MarkerLayout kMarkerLayouts[] = {
    {fe::kTracingMarkWrite, mdss::kPid, mdss::kTraceName, 0, mdss::kTraceBegin, 0},
    {fe::kSdeTracingMarkWrite, sde::kPid, sde::kTraceName, sde::kTraceType, sde::kTraceBegin,
     sde::kValue},
    // dpu also has trace_name / trace_begin, which Perfetto does not read.
    {fe::kDpuTracingMarkWrite, dpu::kPid, dpu::kName, dpu::kType, 0, dpu::kValue},
    {fe::kG2dTracingMarkWrite, g2d::kPid, g2d::kName, g2d::kType, 0, g2d::kValue},
    {fe::kMaliTracingMarkWrite, mali::kPid, mali::kName, mali::kType, 0, mali::kValue},
};

const MarkerLayout* FindMarkerLayout(uint32_t event) {
  for (const MarkerLayout& layout : kMarkerLayouts) {
    if (layout.event == event) return &layout;
  }
  return nullptr;
}

}  // namespace

FtraceParser::FtraceParser(TraceContext* context)
    : ctx_(context),
      storage_(context->storage),
      atrace_(context),
      sched_(context),
      cpu_counters_(context),
      binder_(context),
      irq_(context),
      suspend_resume_(context),
      syscalls_(context),
      device_(context),
      raw_(context) {}

StringId FtraceParser::TaskStateId(uint64_t raw) {
  for (const TaskStateEntry& e : task_states_) {
    if (e.raw == raw) return e.id;
  }
  std::string state = TaskStateFromRaw(raw, kernel_version());
  StringId id = state.empty() ? kNullStringId : storage_->Intern(state);
  if (task_states_.size() < kTaskStates) task_states_.push_back({raw, id});
  return id;
}

KernelVersion FtraceParser::kernel_version() {
  if (!has_kernel_version_) {
    has_kernel_version_ = true;
    const MachineTable& machines = storage_->machine;
    if (machines.row_count() > 0 && machines.release[0] != kNullStringId) {
      ParseKernelVersion(storage_->pool().Get(machines.release[0]), &kernel_version_);
    }
  }
  return kernel_version_;
}

// The latest value of metadata |name| over machines (weft keeps one ftrace
// parser for all), or 0 when unset.
static int64_t LatestMetadataTime(TraceStorage* storage, const char* name) {
  int64_t latest = 0;
  const MetadataTable& metadata = storage->metadata;
  StringId key = storage->Intern(name);
  for (uint32_t row = 0; row < metadata.row_count(); ++row) {
    if (metadata.name[row] == key && !metadata.int_value.IsNull(row)) {
      latest = std::max(latest, metadata.int_value[row]);
    }
  }
  return latest;
}

void FtraceParser::ReadDataStart() {
  has_data_start_ = true;
  data_start_ = LatestMetadataTime(storage_, "ftrace_latest_data_start_ns");
  if (!storage_->ftrace_buffer_preserved) {
    tracing_start_ = LatestMetadataTime(storage_, "tracing_started_ns");
  }
}

bool FtraceParser::BeforeDataStart(int64_t ts) {
  if (!has_data_start_) ReadDataStart();
  return ts < data_start_;
}

bool FtraceParser::BeforeTracingStart(int64_t ts) {
  if (!has_data_start_) ReadDataStart();
  if (ts >= tracing_start_) return false;
  storage_->stats.Increment(Stat::ftrace_packet_before_tracing_start);
  return true;
}

void FtraceParser::Parse(int64_t ts, protozero::data_view queued,
                         const SequenceGeneration* generation) {
  generation_ = generation;
  parsed_switch_ = nullptr;  // Only this event's switch may be reused.
  // A trace with kernel events: pid/tid 0 are the idle task.
  ctx_->processes.MapIdleTask();
  if (BeforeTracingStart(ts)) return;
  try {
    QueuedFtraceEvent e = DecodeQueuedFtraceEvent(queued);
    uint32_t cpu = e.cpu, kind = e.kind;
    int64_t tid = e.tid;
    protozero::data_view body = e.body;
    // sched_process_free ends a thread: its raw row names the writer as it
    // was before (looking it up afterwards would make a new thread).
    uint32_t writer = Uint32Column::kNull;
    if (kind == fe::kSchedProcessFree && !ctx_->config.no_ftrace_raw) {
      writer = ctx_->processes.GetOrCreateThread(tid);
    }
    bool write_raw = kind != 0 && !ctx_->config.no_ftrace_raw;
    if (write_raw) raw_.Prefetch(kind, body);
    // Before the data start, only the raw row (and its thread).
    if (!BeforeDataStart(ts)) ParseEvent(ts, cpu, tid, e.irq_context(), kind, body);
    // After the parsers: the threads they make keep Perfetto's utid order.
    if (write_raw) {
      if (kind == fe::kSchedSwitch) writer = SwitchedOutThread(body);
      raw_.Write(ts, cpu, tid, writer, e.common_flags, kind, body,
                 generation_ ? &generation_->kernel_symbols : nullptr);
    }
  } catch (const protozero::exception&) {
    storage_->stats.Increment(Stat::proto_malformed_packet);
  }
}

void FtraceParser::ParseEvent(int64_t ts, uint32_t cpu, int64_t tid, int irq_context,
                              uint32_t kind, protozero::data_view body) {
  switch (kind) {
    case fe::kPrint: ParsePrint(ts, tid, body); break;
    case fe::kSchedSwitch: ParseSchedSwitch(ts, cpu, body); break;
    case fe::kSchedWakeup:
    case fe::kSchedWakeupNew:
    case fe::kSchedWaking: ParseWakeup(ts, tid, irq_context, body); break;
    case fe::kSchedBlockedReason: ParseBlockedReason(body); break;
    case fe::kSysEnter: ParseSyscall(ts, tid, /*enter=*/true, body); break;
    case fe::kSysExit: ParseSyscall(ts, tid, /*enter=*/false, body); break;
    case fe::kCpuFrequency:
    case fe::kCpuIdle:
    case fe::kCpuFrequencyLimits: ParseCpuCounter(ts, kind, body); break;
    case fe::kTaskNewtask: ParseNewTask(ts, tid, body); break;
    case fe::kTaskRename: ParseRename(body); break;
    case fe::kSchedProcessFree: ParseProcessFree(ts, body); break;
    default:
      if (const MarkerLayout* layout = FindMarkerLayout(kind)) {
        ParseKernelMarker(ts, tid, *layout, body);
      } else if (FtraceDeviceEvents::Handles(kind)) {
        device_.Parse(ts, tid, kind, body);
      } else if (!ParseKernelEvent(ts, cpu, tid, kind, body)) {
        // Any other event still makes its thread, as Perfetto's raw
        // table (ftrace_event) rows do.
        ctx_->processes.GetOrCreateThread(tid);
      }
  }
}

void FtraceParser::ParsePrint(int64_t ts, int64_t tid, protozero::data_view print) {
  bool has_buf = false;
  std::string_view buf;
  protozero::pbf_reader r(print);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(pb::print_ftrace_event::kBuf, kBytes)) {
      buf = View(r.get_view());
      has_buf = true;
    } else {
      r.skip();
    }
  }
  if (!has_buf) return;
  if (syscalls_.HasOpenWrite()) {
    syscalls_.EndWriteForMarker(ts, ctx_->processes.GetOrCreateThread(tid));
  }
  atrace_.ParsePrint(ts, tid, buf);
}

void FtraceParser::ParseSyscall(int64_t ts, int64_t tid, bool enter, protozero::data_view body) {
  static_assert(pb::sys_enter_ftrace_event::kId == pb::sys_exit_ftrace_event::kId,
                "sys_enter and sys_exit share the id field");
  int64_t number = 0;
  protozero::pbf_reader r(body);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(pb::sys_enter_ftrace_event::kId, kVarint)) {
      number = r.get_int64();
    } else {
      r.skip();
    }
  }
  uint32_t utid = ctx_->processes.GetOrCreateThread(tid);
  if (enter) {
    syscalls_.Enter(ts, utid, number);
  } else {
    syscalls_.Exit(ts, utid, number);
  }
}

void FtraceParser::ParseSchedSwitch(int64_t ts, uint32_t cpu,
                                    protozero::data_view sched_switch) {
  namespace ss = pb::sched_switch_ftrace_event;
  SchedTracker::Switch s;
  s.ts = ts;
  s.cpu = cpu;
  uint64_t prev_state = 0;
  protozero::pbf_reader r(sched_switch);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ss::kPrevComm, kBytes): s.prev_comm = View(r.get_view()); break;
      case tag_and_type(ss::kPrevPid, kVarint): s.prev_pid = r.get_int32(); break;
      case tag_and_type(ss::kPrevPrio, kVarint): s.prev_prio = r.get_int32(); break;
      case tag_and_type(ss::kPrevState, kVarint): prev_state = r.get_uint64(); break;
      case tag_and_type(ss::kNextComm, kBytes): s.next_comm = View(r.get_view()); break;
      case tag_and_type(ss::kNextPid, kVarint): s.next_pid = r.get_int32(); break;
      case tag_and_type(ss::kNextPrio, kVarint): s.next_prio = r.get_int32(); break;
      default: r.skip();
    }
  }
  s.prev_state_id = TaskStateId(prev_state);
  parsed_switch_ = sched_switch.data();
  parsed_switch_prev_pid_ = s.prev_pid;
  sched_.PushSwitch(s);
}

uint32_t FtraceParser::SwitchedOutThread(protozero::data_view sched_switch) {
  if (sched_switch.data() == parsed_switch_) {
    return ctx_->processes.GetOrCreateThread(parsed_switch_prev_pid_);
  }
  int64_t prev_pid = 0;
  protozero::pbf_reader r(sched_switch);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(pb::sched_switch_ftrace_event::kPrevPid, kVarint)) {
      prev_pid = r.get_int32();
    } else {
      r.skip();
    }
  }
  return ctx_->processes.GetOrCreateThread(prev_pid);
}

void FtraceParser::ParseCompactSched(int64_t ts, protozero::data_view queued) {
  ctx_->processes.MapIdleTask();
  CompactSchedEvent e;
  if (!DecodeCompactSched(queued.data(), queued.size(), &e)) return;
  if (BeforeTracingStart(ts) || BeforeDataStart(ts)) {
    if (e.kind == CompactSchedEvent::kSwitch) sched_.SkipCompactSwitch(e.cpu, e.pid);
    return;
  }
  if (e.kind == CompactSchedEvent::kSwitch) {
    sched_.PushCompactSwitch(ts, e.cpu, TaskStateId(static_cast<uint64_t>(e.value())), e.pid,
                             e.comm, e.prio);
    return;
  }
  int64_t common_flags = e.value();
  int irq_context = common_flags < 0 ? -1 : ((common_flags & (0x08 | 0x10)) ? 1 : 0);
  sched_.PushCompactWaking(ts, e.cpu, e.pid, irq_context);
}

void FtraceParser::ParseWakeup(int64_t ts, int64_t tid, int irq_context,
                               protozero::data_view wakeup) {
  static_assert(wakeup::kComm == pb::sched_wakeup_new_ftrace_event::kComm &&
                    wakeup::kPid == pb::sched_wakeup_new_ftrace_event::kPid,
                "sched_wakeup_new shares comm/pid numbers with sched_wakeup");
  CommAndPid e = ReadCommAndPid(wakeup);
  uint32_t waker = ctx_->processes.GetOrCreateThread(tid);
  sched_.PushWaking(ts, e.pid, e.comm, waker, irq_context);
}

void FtraceParser::ParseBlockedReason(protozero::data_view blocked_reason) {
  namespace br = pb::sched_blocked_reason_ftrace_event;
  int64_t pid = 0;
  bool io_wait = false;
  uint64_t caller = 0;
  protozero::pbf_reader r(blocked_reason);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(br::kPid, kVarint): pid = r.get_int32(); break;
      case tag_and_type(br::kIoWait, kVarint): io_wait = r.get_uint32() != 0; break;
      case tag_and_type(br::kCaller, kVarint): caller = r.get_uint64(); break;
      default: r.skip();
    }
  }
  // The caller is a kernel address: named only when the trace interned it.
  StringId symbol = KernelSymbol(caller);
  sched_.PushBlockedReason(pid, io_wait,
                           symbol == kNullStringId ? std::string_view() : storage_->pool().Get(symbol));
}

void FtraceParser::ParseCpuCounter(int64_t ts, uint32_t kind, protozero::data_view counter) {
  // cpu_frequency and cpu_idle: state 1, cpu_id 2; cpu_frequency_limits:
  // min_freq 1, max_freq 2, cpu_id 3.
  namespace freq = pb::cpu_frequency_ftrace_event;
  namespace idle = pb::cpu_idle_ftrace_event;
  namespace limits = pb::cpu_frequency_limits_ftrace_event;
  static_assert(freq::kState == idle::kState && freq::kCpuId == idle::kCpuId,
                "cpu_frequency and cpu_idle share field numbers");
  bool is_limits = kind == fe::kCpuFrequencyLimits;
  uint32_t cpu_field = is_limits ? limits::kCpuId : freq::kCpuId;
  uint32_t cpu = 0, first = 0, second = 0;
  protozero::pbf_reader r(counter);
  while (r.next()) {
    if (r.wire_type() != kVarint) {
      r.skip();
    } else if (r.tag() == cpu_field) {
      cpu = r.get_uint32();
    } else if (r.tag() == freq::kState || r.tag() == limits::kMinFreq) {
      first = r.get_uint32();  // state, or min_freq (both field 1).
    } else if (is_limits && r.tag() == limits::kMaxFreq) {
      second = r.get_uint32();
    } else {
      r.skip();
    }
  }
  if (is_limits) {
    cpu_counters_.AddFrequencyLimits(ts, cpu, first, second);
  } else if (kind == fe::kCpuFrequency) {
    cpu_counters_.AddFrequency(ts, cpu, first);
  } else {
    cpu_counters_.AddIdle(ts, cpu, first);
  }
}

void FtraceParser::ParseNewTask(int64_t ts, int64_t tid, protozero::data_view new_task) {
  namespace nt = pb::task_newtask_ftrace_event;
  int64_t new_tid = 0;
  std::string_view comm;
  uint64_t clone_flags = 0;
  protozero::pbf_reader r(new_task);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(nt::kPid, kVarint): new_tid = r.get_int32(); break;
      case tag_and_type(nt::kComm, kBytes): comm = View(r.get_view()); break;
      case tag_and_type(nt::kCloneFlags, kVarint): clone_flags = r.get_uint64(); break;
      default: r.skip();
    }
  }
  // Boot-time tracing shows init creating the idle tasks (swapper/N, tid
  // 0): they are the idle task already.
  if (new_tid == 0) return;
  ProcessTracker& processes = ctx_->processes;
  StringId name = storage_->Intern(comm);
  uint32_t parent = processes.GetOrCreateThread(tid);
  if ((clone_flags & kCloneThread) == 0) {  // fork(): a new process.
    uint32_t upid = processes.StartNewProcess(new_tid, ts, name, ThreadNamePriority::kFtrace);
    processes.SetParentThread(upid, parent);
  } else {
    uint32_t thread = processes.StartThreadWithoutProcess(new_tid, ts);
    processes.SetThreadName(thread, name, ThreadNamePriority::kFtrace);
    processes.AssociateThreads(parent, thread);
  }
  // As in Perfetto, the new task is runnable, woken by its creator.
  sched_.PushNewTask(ts, processes.GetOrCreateThread(new_tid), parent);
}

void FtraceParser::ParseRename(protozero::data_view rename) {
  namespace tr = pb::task_rename_ftrace_event;
  int64_t tid = 0;
  std::string_view new_comm;
  protozero::pbf_reader r(rename);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(tr::kPid, kVarint): tid = r.get_int32(); break;
      case tag_and_type(tr::kNewcomm, kBytes): new_comm = View(r.get_view()); break;
      default: r.skip();
    }
  }
  ctx_->processes.RenameThreadAndProcess(tid, storage_->Intern(new_comm),
                                         ThreadNamePriority::kFtrace);
}

void FtraceParser::ParseProcessFree(int64_t ts, protozero::data_view process_free) {
  ctx_->processes.EndThread(ReadCommAndPid(process_free).pid, ts);
}

void FtraceParser::ParseKernelMarker(int64_t ts, int64_t tid, const MarkerLayout& layout,
                                     protozero::data_view marker) {
  int64_t tgid = 0, value = 0;
  std::string_view name;
  bool has_begin = false;
  uint32_t type = 0, begin = 0;
  protozero::pbf_reader r(marker);
  while (r.next()) {
    uint32_t field = r.tag();
    bool varint = r.wire_type() == kVarint;
    if (field == layout.tgid && varint) {
      tgid = r.get_int32();
    } else if (field == layout.name && r.wire_type() == kBytes) {
      name = View(r.get_view());
    } else if (field == layout.type && varint) {
      type = r.get_uint32();
    } else if (field == layout.begin && varint) {
      begin = r.get_uint32();
      has_begin = true;
    } else if (field == layout.value && varint) {
      value = r.get_int32();
    } else {
      r.skip();
    }
  }
  char kind = type != 0 ? static_cast<char>(type) : has_begin ? (begin ? 'B' : 'E') : 0;
  switch (kind) {
    case 'B': atrace_.Begin(ts, tid, tgid, name); return;
    case 'E': atrace_.End(ts, tid, tgid != 0, tgid); return;
    case 'C': atrace_.Counter(ts, tid, tgid, name, static_cast<double>(value)); return;
    default: storage_->stats.Increment(Stat::systrace_parse_failure);
  }
}

}  // namespace weft
