// SystraceParser: one ftrace text event line into rows.
#include "src/importers/systrace/systrace_parser.h"

#include <string>

#include "src/importers/common/task_state.h"

namespace weft {

SystraceParser::SystraceParser(TraceContext* context)
    : ctx_(context),
      storage_(context->storage),
      sched_(context),
      atrace_(context),
      cpu_counters_(context),
      binder_(context),
      irq_(context),
      suspend_resume_(context),
      clock_type_(storage_->Intern("clock_frequency")),
      workqueue_(storage_->Intern("workqueue")) {}

uint32_t SystraceParser::ThreadOfLine(const SystraceLine& line) {
  ProcessTracker& processes = ctx_->processes;
  uint32_t utid = line.has_tgid ? processes.UpdateThread(line.pid, line.tgid)
                                : processes.GetOrCreateThread(line.pid);
  // ftrace prints "<...>" for a task whose name it no longer knows: that
  // must not replace a real name.
  if (line.task != "<...>") {
    processes.SetThreadName(utid, storage_->Intern(line.task), ThreadNamePriority::kFtrace);
  }
  return utid;
}

void SystraceParser::ParseLine(const SystraceLine& line) {
  uint32_t utid = ThreadOfLine(line);
  std::string_view e = line.event;
  bool ok = true;
  if (e == "sched_switch") {
    ok = ParseSchedSwitch(line);
  } else if (e == "sched_waking") {
    ok = ParseWaking(line, utid);
  } else if (e == "sched_wakeup" || e == "sched_wakeup_new") {
    if (read_wakeups_) ok = ParseWaking(line, utid);
  } else if (e == "sched_blocked_reason") {
    ok = ParseBlockedReason(line);
  } else if (e == "tracing_mark_write" || e == "print" || e == "0") {
    std::string_view buf = line.args;
    // `print` lines of newer kernels repeat the writer's event name.
    constexpr std::string_view kMarkPrefix = "tracing_mark_write: ";
    if (buf.substr(0, kMarkPrefix.size()) == kMarkPrefix) buf.remove_prefix(kMarkPrefix.size());
    atrace_.ParsePrint(line.ts, line.pid, buf);
  } else if (e == "cpu_frequency" || e == "cpu_idle") {
    ok = ParseCpuCounter(line);
  } else if (e == "cpu_frequency_limits") {
    ok = ParseFrequencyLimits(line);
  } else if (e == "clock_set_rate" || e == "clock_enable" || e == "clock_disable") {
    ok = ParseClock(line);
  } else if (e == "workqueue_execute_start" || e == "workqueue_execute_end") {
    ParseWorkqueue(line, utid, e == "workqueue_execute_start");
  } else {
    ok = ParseKernelEvent(line);
  }
  if (!ok) storage_->stats.Increment(Stat::systrace_event_malformed);
}

bool SystraceParser::ParseSchedSwitch(const SystraceLine& line) {
  SchedTracker::Switch s;
  s.ts = line.ts;
  s.cpu = line.cpu;
  if (!FindSystraceIntArg(line.args, "prev_pid", &s.prev_pid) ||
      !FindSystraceIntArg(line.args, "prev_prio", &s.prev_prio) ||
      !FindSystraceIntArg(line.args, "next_pid", &s.next_pid) ||
      !FindSystraceIntArg(line.args, "next_prio", &s.next_prio)) {
    return false;
  }
  FindSystraceArg(line.args, "prev_comm", &s.prev_comm);
  FindSystraceArg(line.args, "next_comm", &s.next_comm);
  std::string_view state_text;
  FindSystraceArg(line.args, "prev_state", &state_text);
  std::string state = TaskStateFromText(state_text);
  s.prev_state = state;
  sched_.PushSwitch(s);
  return true;
}

bool SystraceParser::ParseWaking(const SystraceLine& line, uint32_t waker_utid) {
  int64_t pid = 0;
  if (!FindSystraceIntArg(line.args, "pid", &pid)) return false;
  std::string_view comm;
  FindSystraceArg(line.args, "comm", &comm);
  // The text form's irq-flags column is not kept, as in Perfetto:
  // irq_context stays NULL.
  sched_.PushWaking(line.ts, pid, comm, waker_utid, /*irq_context=*/-1);
  return true;
}

bool SystraceParser::ParseBlockedReason(const SystraceLine& line) {
  int64_t pid = 0, io_wait = 0;
  std::string_view caller;
  if (!FindSystraceIntArg(line.args, "pid", &pid) ||
      !FindSystraceIntArg(line.args, "iowait", &io_wait)) {
    return false;
  }
  FindSystraceArg(line.args, "caller", &caller);
  sched_.PushBlockedReason(pid, io_wait != 0, caller);
  return true;
}

bool SystraceParser::ParseCpuCounter(const SystraceLine& line) {
  int64_t cpu = 0, state = 0;
  if (!FindSystraceIntArg(line.args, "cpu_id", &cpu) ||
      !FindSystraceIntArg(line.args, "state", &state) || cpu < 0 || cpu > 0xffff) {
    return false;
  }
  auto c = static_cast<uint32_t>(cpu);
  if (line.event == "cpu_frequency") {
    cpu_counters_.AddFrequency(line.ts, c, static_cast<double>(state));
  } else {
    cpu_counters_.AddIdle(line.ts, c, static_cast<double>(state));
  }
  return true;
}

bool SystraceParser::ParseFrequencyLimits(const SystraceLine& line) {
  // Newer kernels print min_freq= / max_freq=, older ones min= / max=.
  int64_t cpu = 0, min = 0, max = 0;
  bool has_min = FindSystraceIntArg(line.args, "min", &min) ||
                 FindSystraceIntArg(line.args, "min_freq", &min);
  bool has_max = FindSystraceIntArg(line.args, "max", &max) ||
                 FindSystraceIntArg(line.args, "max_freq", &max);
  if (!FindSystraceIntArg(line.args, "cpu_id", &cpu) || !has_min || !has_max || cpu < 0 ||
      cpu > 0xffff) {
    return false;
  }
  cpu_counters_.AddFrequencyLimits(line.ts, static_cast<uint32_t>(cpu), static_cast<double>(min),
                                   static_cast<double>(max));
  return true;
}

bool SystraceParser::ParseClock(const SystraceLine& line) {
  std::string_view name;
  int64_t state = 0;
  if (!FindSystraceArg(line.args, "name", &name) ||
      !FindSystraceIntArg(line.args, "state", &state)) {
    return false;
  }
  std::string track_name(name);
  track_name += line.event == "clock_set_rate" ? " Frequency" : " State";
  uint32_t track = ctx_->tracks.GlobalCounterTrack(storage_->Intern(track_name), clock_type_);
  storage_->counter.Insert(line.ts, track, static_cast<double>(state), Uint32Column::kNull);
  return true;
}

void SystraceParser::ParseWorkqueue(const SystraceLine& line, uint32_t utid, bool start) {
  uint32_t track = ctx_->tracks.ThreadTrack(utid);
  SliceInfo info;
  info.cat = workqueue_;
  if (!start) {
    ctx_->slices.End(track, line.ts, info);
    return;
  }
  // "work struct 0x... : function NAME" (older kernels: "work struct 0x...:
  // function NAME" too); the slice is named after the function.
  constexpr std::string_view kFunction = "function ";
  size_t at = line.args.find(kFunction);
  std::string_view name =
      at == std::string_view::npos ? line.args : line.args.substr(at + kFunction.size());
  info.name = storage_->Intern(name);
  ctx_->slices.Begin(track, line.ts, info);
}

}  // namespace weft
