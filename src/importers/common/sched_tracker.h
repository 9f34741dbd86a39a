// SchedTracker: CPU scheduling from kernel events (ftrace in text or
// protobuf), in timestamp order, into `sched` (what ran on each CPU, one
// slice per switch; the last one of a CPU stays open, dur -1), and
// `thread_state` (what each thread was doing: "Running" on a CPU, "R"
// runnable after a wakeup, or the state it was switched out in, such as
// "S" or "D"; open states have dur -1). The rules are Perfetto's:
// - a switch closes the CPU's open slice (end_state = prev_state) when its
//   thread is the switch's prev thread, and opens one for the next thread;
// - a wakeup only changes a blocked thread (not "Running" nor "R") and
//   names the waker and, when the waker runs, its thread_state row;
// - the idle task (utid 0) has no thread states.
// Reference: docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_COMMON_SCHED_TRACKER_H_
#define SRC_IMPORTERS_COMMON_SCHED_TRACKER_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "src/importers/common/trace_context.h"

namespace weft {

class SchedTracker {
 public:
  explicit SchedTracker(TraceContext* context);

  struct Switch {
    int64_t ts = 0;
    uint32_t cpu = 0;
    int64_t prev_pid = 0;
    std::string_view prev_comm;
    int64_t prev_prio = 0;
    std::string_view prev_state;  // Kernel letters: "S", "D", "R+", ...
    StringId prev_state_id = kNullStringId;  // Set instead of prev_state when interned.
    int64_t next_pid = 0;
    std::string_view next_comm;
    StringId next_comm_id = kNullStringId;  // Set instead of next_comm when interned.
    int64_t next_prio = 0;
  };
  void PushSwitch(const Switch& s);
  // Thread |pid| (named |comm|) becomes runnable, woken by |waker_utid|;
  // |irq_context| is 1 when woken from an interrupt, 0 if not, -1 unknown.
  void PushWaking(int64_t ts, int64_t pid, std::string_view comm, uint32_t waker_utid,
                  int irq_context);
  // A switch of a compact bundle: the prev thread is the one the cpu's
  // previous switch put on it. The cpu's first one only says who runs
  // (counted in compact_sched_switch_skipped).
  // |prev_state|: the interned letters (kNullStringId: invalid).
  void PushCompactSwitch(int64_t ts, uint32_t cpu, StringId prev_state, int64_t next_pid,
                         StringId next_comm, int64_t next_prio);
  // A compact switch that makes no rows (before the ftrace data start):
  // it still says who runs on |cpu| for the next one.
  void SkipCompactSwitch(uint32_t cpu, int64_t next_pid);
  // A waking of a compact bundle: the waker is the thread running on |cpu|
  // (none yet: counted in compact_sched_waking_skipped).
  void PushCompactWaking(int64_t ts, uint32_t cpu, int64_t pid, int irq_context);
  // A new task (task_newtask) |utid| starts runnable, created (woken) by
  // |waker_utid|.
  void PushNewTask(int64_t ts, uint32_t utid, uint32_t waker_utid);
  // Why thread |pid| last blocked (sched_blocked_reason); an empty
  // |caller| leaves blocked_function NULL.
  void PushBlockedReason(int64_t pid, bool io_wait, std::string_view caller);
  // The utid of the thread a switch last put on |cpu|, or kNull if none
  // yet (e.g. the waker of a wakeup that names only its CPU).
  uint32_t RunningUtid(uint32_t cpu) const {
    return cpu < cpus_.size() && cpus_[cpu].has_pid ? cpus_[cpu].utid : kNone;
  }

 private:
  // The open slice of a CPU (and its ts) and the thread it is of.
  struct CpuState {
    uint32_t open_slice = kNone;
    uint32_t running_row = kNone;  // The open slice's thread_state row.
    int64_t open_ts = 0;
    bool has_pid = false;  // Whether a switch said who runs.
    int64_t pid = 0;
    uint32_t utid = 0;
  };
  CpuState& StateOf(uint32_t cpu);
  // A thread's newest thread_state row (with its ts and state: kept here,
  // reading them back from the compact columns cost more), and its newest
  // blocked one.
  struct ThreadRows {
    uint32_t last = kNone;
    uint32_t last_blocked = kNone;
    StringId last_state = kNullStringId;
    int64_t last_ts = 0;
  };
  static constexpr uint32_t kNone = Uint32Column::kNull;

  uint32_t NameThread(int64_t pid, std::string_view comm);
  // The same with the comm interned (kNullStringId: none).
  uint32_t NameThread(int64_t pid, StringId comm);
  void CloseState(int64_t ts, uint32_t utid);
  void OpenState(int64_t ts, uint32_t utid, StringId state, uint32_t cpu,
                 uint32_t waker_utid, int irq_context);
  // The "Running" state of |utid| on |cpu| from |ts|, sched row |slice|:
  // a row that reads the slice's cells. Returns it (kNone: the idle task).
  uint32_t OpenRunningState(int64_t ts, uint32_t utid, uint32_t cpu, uint32_t ucpu,
                            uint32_t slice);
  // Notes |row| (in |state| from |ts|) as |utid|'s newest.
  void NoteNewestRow(uint32_t utid, uint32_t row, StringId state, int64_t ts);
  ThreadRows& RowsOf(uint32_t utid) {
    if (utid >= threads_.size()) threads_.resize(utid + 1);
    return threads_[utid];
  }
  bool IsRunning(StringId s) const { return s == running_; }
  bool IsBlocked(StringId s) const { return s != running_ && s != runnable_; }
  TraceContext* ctx_;
  TraceStorage* storage_;
  std::vector<CpuState> cpus_;
  std::vector<ThreadRows> threads_;  // By utid.
  StringId running_, runnable_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_SCHED_TRACKER_H_
