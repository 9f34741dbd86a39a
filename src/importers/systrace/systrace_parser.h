// SystraceParser: the semantics of ftrace text event lines, one at a time
// in timestamp order: thread names and processes from the line's columns,
// scheduling (sched_switch, sched_waking — or sched_wakeup /
// sched_wakeup_new in traces without it —, sched_blocked_reason) into sched / thread_state,
// atrace markers (tracing_mark_write, print, and old atrace's event "0"),
// CPU frequency / idle / frequency-limit counters, clock counters and
// workqueue slices, binder transactions, irq / softirq handlers and
// suspend_resume phases (systrace_kernel_events.cc). Other events make no rows, as in Perfetto's text
// importer. Reference: docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_SYSTRACE_SYSTRACE_PARSER_H_
#define SRC_IMPORTERS_SYSTRACE_SYSTRACE_PARSER_H_

#include <string_view>

#include "src/importers/common/atrace_print_parser.h"
#include "src/importers/common/binder_tracker.h"
#include "src/importers/common/irq_tracker.h"
#include "src/importers/common/suspend_resume_tracker.h"
#include "src/importers/common/cpu_counters.h"
#include "src/importers/common/sched_tracker.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/systrace/systrace_line.h"

namespace weft {

class SystraceParser {
 public:
  explicit SystraceParser(TraceContext* context);

  void ParseLine(const SystraceLine& line);
  // Whether sched_wakeup / sched_wakeup_new make runnable states (only in
  // traces without sched_waking, which marks the same wakeups earlier).
  void set_read_wakeups(bool read) { read_wakeups_ = read; }

 private:
  uint32_t ThreadOfLine(const SystraceLine& line);
  // Each returns false when the event's fields cannot be read.
  bool ParseSchedSwitch(const SystraceLine& line);
  bool ParseWaking(const SystraceLine& line, uint32_t waker_utid);
  bool ParseBlockedReason(const SystraceLine& line);
  bool ParseCpuCounter(const SystraceLine& line);  // cpu_frequency, cpu_idle.
  bool ParseFrequencyLimits(const SystraceLine& line);
  bool ParseClock(const SystraceLine& line);
  void ParseWorkqueue(const SystraceLine& line, uint32_t utid, bool start);
  // systrace_kernel_events.cc: binder_*, irq_handler_* / softirq_*,
  // suspend_resume; other events make no rows (true).
  bool ParseKernelEvent(const SystraceLine& line);
  bool ParseBinderTransaction(const SystraceLine& line);
  bool ParseIrq(const SystraceLine& line);
  bool ParseSuspendResume(const SystraceLine& line);

  TraceContext* ctx_;
  TraceStorage* storage_;
  bool read_wakeups_ = true;
  SchedTracker sched_;
  AtracePrintParser atrace_;
  CpuCounters cpu_counters_;
  BinderTracker binder_;
  IrqTracker irq_;
  SuspendResumeTracker suspend_resume_;
  StringId clock_type_, workqueue_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_SYSTRACE_SYSTRACE_PARSER_H_
