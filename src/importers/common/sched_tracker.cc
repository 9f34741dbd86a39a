// SchedTracker: sched slices per CPU and thread states per thread.
#include "src/importers/common/sched_tracker.h"

namespace weft {

SchedTracker::SchedTracker(TraceContext* context)
    : ctx_(context),
      storage_(context->storage),
      running_(storage_->Intern("Running")),
      runnable_(storage_->Intern("R")) {}

uint32_t SchedTracker::NameThread(int64_t pid, std::string_view comm) {
  ProcessTracker& processes = ctx_->processes;
  uint32_t utid = processes.GetOrCreateThread(pid);
  processes.SetThreadName(utid, comm, ThreadNamePriority::kFtrace);
  return utid;
}

uint32_t SchedTracker::NameThread(int64_t pid, StringId comm) {
  ProcessTracker& processes = ctx_->processes;
  uint32_t utid = processes.GetOrCreateThread(pid);
  if (comm != kNullStringId) processes.SetThreadName(utid, comm, ThreadNamePriority::kFtrace);
  return utid;
}

SchedTracker::CpuState& SchedTracker::StateOf(uint32_t cpu) {
  if (cpu >= cpus_.size()) cpus_.resize(cpu + 1);
  return cpus_[cpu];
}

void SchedTracker::PushSwitch(const Switch& s) {
  // The next thread is named first, as Perfetto does: it matters when both
  // are one new thread.
  uint32_t next_utid = s.next_comm_id != kNullStringId ? NameThread(s.next_pid, s.next_comm_id)
                                                        : NameThread(s.next_pid, s.next_comm);
  CpuState& cpu = StateOf(s.cpu);
  StringId prev_state = s.prev_state_id;
  if (prev_state == kNullStringId && !s.prev_state.empty()) {
    prev_state = storage_->Intern(s.prev_state);
  }
  if (prev_state == kNullStringId) storage_->stats.Increment(Stat::task_state_invalid);
  SchedTable& sched = storage_->sched;
  uint32_t prev_utid = NameThread(s.prev_pid, s.prev_comm);
  // Whether the prev thread's newest state is the slice's Running row,
  // which ends with the slice: it reads the slice's dur, set here.
  bool ends_with_slice = false;
  if (cpu.open_slice != kNone) {
    if (cpu.pid == s.prev_pid) {
      if (storage_->thread_state.ReadsSlice(cpu.running_row)) {
        ends_with_slice = RowsOf(prev_utid).last == cpu.running_row;
        // Else it stays as it is (ended before, or events were lost).
        if (!ends_with_slice) storage_->thread_state.dur.KeepWhenSliceEnds(cpu.running_row);
      }
      sched.dur.Set(cpu.open_slice, s.ts - cpu.open_ts);
      sched.end_state.Set(cpu.open_slice, prev_state);
    } else {
      storage_->stats.Increment(Stat::mismatched_sched_switch_tids);
    }
  }
  uint32_t ucpu = ctx_->GetOrCreateCpu(s.cpu);
  cpu.open_slice = sched.Insert(s.ts, /*dur=*/-1, s.cpu, next_utid, ucpu, s.next_prio);
  cpu.open_ts = s.ts;
  cpu.has_pid = true;
  cpu.pid = s.next_pid;
  cpu.utid = next_utid;

  // The prev thread leaves the CPU in prev_state; a prev thread that was
  // not running means events were lost, and its state keeps no end.
  const ThreadRows& prev_rows = RowsOf(prev_utid);
  bool lost = prev_rows.last != kNone && !IsRunning(prev_rows.last_state);
  if (!lost && !ends_with_slice) CloseState(s.ts, prev_utid);
  OpenState(s.ts, prev_utid, prev_state, kNone, kNone, -1);
  // A thread may run on two CPUs at once after a forced migration: the
  // next thread's state is closed whatever it was.
  CloseState(s.ts, next_utid);
  cpu.running_row = OpenRunningState(s.ts, next_utid, s.cpu, ucpu, cpu.open_slice);
}

void SchedTracker::PushCompactSwitch(int64_t ts, uint32_t cpu_index, StringId prev_state,
                                     int64_t next_pid, StringId next_comm,
                                     int64_t next_prio) {
  CpuState& cpu = StateOf(cpu_index);
  if (!cpu.has_pid) {
    storage_->stats.Increment(Stat::compact_sched_switch_skipped);
    cpu.has_pid = true;
    cpu.pid = next_pid;
    cpu.utid = NameThread(next_pid, next_comm);
    return;
  }
  Switch s;
  s.ts = ts;
  s.cpu = cpu_index;
  s.prev_pid = cpu.pid;  // Its name stays as it is (empty prev_comm).
  s.prev_state_id = prev_state;
  s.next_pid = next_pid;
  s.next_comm_id = next_comm;
  s.next_prio = next_prio;
  PushSwitch(s);
}

void SchedTracker::SkipCompactSwitch(uint32_t cpu_index, int64_t next_pid) {
  CpuState& cpu = StateOf(cpu_index);
  cpu.has_pid = true;
  cpu.pid = next_pid;
  cpu.utid = ctx_->processes.GetOrCreateThread(next_pid);
}

void SchedTracker::PushCompactWaking(int64_t ts, uint32_t cpu_index, int64_t pid,
                                     int irq_context) {
  CpuState& cpu = StateOf(cpu_index);
  if (!cpu.has_pid) {
    storage_->stats.Increment(Stat::compact_sched_waking_skipped);
    return;
  }
  PushWaking(ts, pid, /*comm=*/{}, cpu.utid, irq_context);
}

void SchedTracker::PushWaking(int64_t ts, int64_t pid, std::string_view comm,
                              uint32_t waker_utid, int irq_context) {
  uint32_t utid = NameThread(pid, comm);
  const ThreadRows& rows = RowsOf(utid);
  if (rows.last != kNone) {
    // Only a blocked thread wakes up; a wakeup of a running or runnable
    // thread changes nothing.
    if (!IsBlocked(rows.last_state)) return;
    CloseState(ts, utid);
  }
  OpenState(ts, utid, runnable_, kNone, waker_utid, irq_context);
}

void SchedTracker::PushNewTask(int64_t ts, uint32_t utid, uint32_t waker_utid) {
  if (utid == 0) return;  // The idle task has no thread states.
  CloseState(ts, utid);
  OpenState(ts, utid, runnable_, kNone, waker_utid, /*irq_context=*/-1);
}

void SchedTracker::PushBlockedReason(int64_t pid, bool io_wait, std::string_view caller) {
  uint32_t utid = ctx_->processes.GetOrCreateThread(pid);
  uint32_t blocked = RowsOf(utid).last_blocked;
  if (blocked == kNone) return;
  ThreadStateTable& states = storage_->thread_state;
  states.io_wait.Set(blocked, io_wait ? 1 : 0);
  if (!caller.empty()) states.blocked_function.Set(blocked, storage_->Intern(caller));
}

void SchedTracker::CloseState(int64_t ts, uint32_t utid) {
  const ThreadRows& rows = RowsOf(utid);
  if (rows.last == kNone) return;
  storage_->thread_state.dur.Set(rows.last, ts - rows.last_ts);
}

void SchedTracker::OpenState(int64_t ts, uint32_t utid, StringId state, uint32_t cpu,
                             uint32_t waker_utid, int irq_context) {
  if (utid == 0) return;  // The idle task (swapper) has no thread states.
  ThreadStateTable::Row r;
  r.ts = ts;
  r.utid = utid;
  r.state = state;
  if (cpu != kNone) {
    r.cpu = cpu;
    r.ucpu = ctx_->GetOrCreateCpu(cpu);
  }
  if (waker_utid != kNone) {
    r.waker_utid = waker_utid;
    // The waker's running state, unless the waker's CPU has not reported
    // yet (the trace's start) or events were lost.
    const ThreadRows& waker = RowsOf(waker_utid);
    if (waker.last != kNone && IsRunning(waker.last_state)) r.waker_id = waker.last;
  }
  if (irq_context >= 0) r.irq_context = static_cast<uint32_t>(irq_context);
  NoteNewestRow(utid, storage_->thread_state.Insert(r), state, ts);
}

uint32_t SchedTracker::OpenRunningState(int64_t ts, uint32_t utid, uint32_t cpu, uint32_t ucpu,
                                        uint32_t slice) {
  if (utid == 0) return kNone;  // The idle task has no thread states.
  ThreadStateTable::Row r;
  r.ts = ts;
  r.utid = utid;
  r.state = running_;
  r.cpu = cpu;
  r.ucpu = ucpu;
  uint32_t row = storage_->thread_state.InsertRunning(slice, r);
  NoteNewestRow(utid, row, running_, ts);
  return row;
}

void SchedTracker::NoteNewestRow(uint32_t utid, uint32_t row, StringId state, int64_t ts) {
  ThreadRows& rows = RowsOf(utid);
  rows.last = row;
  rows.last_state = state;
  rows.last_ts = ts;
  if (IsRunning(state)) {
    rows.last_blocked = kNone;
  } else if (IsBlocked(state)) {
    rows.last_blocked = row;
  }
}

}  // namespace weft
