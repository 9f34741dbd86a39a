// FtraceParser: the kernel ftrace events of a protobuf trace that weft reads,
// one at a time in timestamp order. `print` and the drivers'
// *tracing_mark_write events carry atrace markers; the scheduler and task events drive thread and
// process tracking as in Perfetto: task_newtask starts a process (fork) or a
// thread of the caller's process (CLONE_THREAD), task_rename and the comms
// of sched_switch / sched_wakeup / sched_waking name threads,
// sched_process_free ends a thread (and its process if it is the main one).
// sched_switch, the wakeups and sched_blocked_reason also make sched and
// thread_state rows (SchedTracker; prev_state decoded for the trace's
// kernel version), cpu_frequency / cpu_idle / cpu_frequency_limits make
// per-CPU counters. binder transactions, irq / softirq handlers and
// suspend_resume go to the trackers the text importer shares
// (ftrace_kernel_events.cc); kprobes, block I/O, GPU and vendor events to
// FtraceDeviceEvents, sys_enter / sys_exit to SyscallTracker. Every event also makes a raw (ftrace_event)
// row (FtraceRawWriter) unless --no-ftrace-raw, and so the thread that
// wrote it; events before the ftrace data start make only that row.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_PARSER_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_PARSER_H_

#include <cstdint>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/common/atrace_print_parser.h"
#include "src/importers/common/binder_tracker.h"
#include "src/importers/common/irq_tracker.h"
#include "src/importers/common/suspend_resume_tracker.h"
#include "src/importers/common/syscall_tracker.h"
#include "src/importers/common/wakesource_tracker.h"
#include "src/importers/common/cpu_counters.h"
#include "src/importers/common/sched_tracker.h"
#include "src/importers/common/task_state.h"
#include "src/importers/proto/ftrace/ftrace_device_events.h"
#include "src/importers/proto/ftrace/ftrace_memory_counters.h"
#include "src/importers/proto/ftrace/ftrace_raw_writer.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"

namespace weft {

struct MarkerLayout;  // ftrace_parser.cc

class FtraceParser {
 public:
  explicit FtraceParser(TraceContext* context);

  // One FtraceEvent at |ts|, as queued by the tokenizer
  // (queued_ftrace_event.h). Malformed bytes inside the event's message
  // count in proto_malformed_packet and drop it.
  // |generation|: the sequence state the event was written against (its
  // interned kernel symbols), or null.
  void Parse(int64_t ts, protozero::data_view queued, const SequenceGeneration* generation);
  // One switch or waking of a CompactSched bundle (ftrace/compact_sched.h).
  void ParseCompactSched(int64_t ts, protozero::data_view queued);
  // Whether FtraceEvent field |kind| is one ParseKernelEvent() reads (the
  // tokenizer queues only the events weft imports).
  static bool IsKernelEvent(uint32_t kind);

 private:
  // One event of kind |kind| (its FtraceEvent field) into the trackers.
  void ParseEvent(int64_t ts, uint32_t cpu, int64_t tid, int irq_context, uint32_t kind,
                  protozero::data_view body);
  // |tid|: the thread that emitted the event (FtraceEvent.pid).
  void ParsePrint(int64_t ts, int64_t tid, protozero::data_view print);
  void ParseSchedSwitch(int64_t ts, uint32_t cpu, protozero::data_view sched_switch);
  // The thread a sched_switch switches out (prev_pid): its raw row's
  // thread, as in Perfetto. The prev_pid ParseSchedSwitch() just read is
  // reused (decoding the switch again was ~3% of the load).
  uint32_t SwitchedOutThread(protozero::data_view sched_switch);
  // sched_wakeup, sched_waking, sched_wakeup_new; |tid| is the waker.
  void ParseWakeup(int64_t ts, int64_t tid, int irq_context, protozero::data_view wakeup);
  void ParseBlockedReason(protozero::data_view blocked_reason);
  void ParseSyscall(int64_t ts, int64_t tid, bool enter, protozero::data_view body);
  void ParseCpuCounter(int64_t ts, uint32_t kind, protozero::data_view counter);
  // ftrace_kernel_events.cc: binder, irq / softirq and suspend_resume
  // events; false if |kind| is none of them.
  bool ParseKernelEvent(int64_t ts, uint32_t cpu, int64_t tid, uint32_t kind,
                        protozero::data_view body);
  // ftrace_oom_funcgraph_events.cc: oom_score_adj_update, mark_victim,
  // funcgraph_entry / funcgraph_exit; false if |kind| is none of them.
  static bool IsOomOrFuncgraphEvent(uint32_t kind);
  bool ParseOomOrFuncgraphEvent(int64_t ts, int64_t tid, uint32_t kind, protozero::data_view body);
  void ParseOomScoreAdj(int64_t ts, protozero::data_view body);
  void ParseMarkVictim(int64_t ts, protozero::data_view body);
  void ParseFuncgraph(int64_t ts, int64_t tid, bool entry, protozero::data_view body);
  // The name the current event's sequence interned for a kernel address,
  // or kNullStringId.
  StringId KernelSymbol(uint64_t address) const;
  void ParseBinderTransaction(int64_t ts, int64_t tid, protozero::data_view body);
  void ParseIrq(int64_t ts, uint32_t cpu, uint32_t kind, protozero::data_view body);
  void ParseSuspendResume(int64_t ts, protozero::data_view body);
  // Whether |ts| is before the latest point from which every cpu's ftrace
  // data is complete (metadata ftrace_latest_data_start_ns, read at the
  // first event, once the tokenizer saw every bundle of the window): such
  // events only make raw rows, as Perfetto's default soft drop.
  bool BeforeDataStart(int64_t ts);
  // Whether |ts| is before the tracing service's tracing_started time (and
  // the ftrace buffer was not preserved): such events are dropped whole,
  // as Perfetto's default drop (ftrace_packet_before_tracing_start).
  bool BeforeTracingStart(int64_t ts);
  // Reads both points above from the metadata, at the first event.
  void ReadDataStart();
  // wakeup_source_activate / wakeup_source_deactivate.
  void ParseWakeupSource(int64_t ts, uint32_t kind, protozero::data_view body);
  // The trace's kernel version (SystemInfo's utsname), read once.
  KernelVersion kernel_version();
  void ParseNewTask(int64_t ts, int64_t tid, protozero::data_view new_task);
  void ParseRename(protozero::data_view rename);
  void ParseProcessFree(int64_t ts, protozero::data_view process_free);
  // A driver's tracing_mark_write event (mdss, sde, dpu, g2d, mali).
  void ParseKernelMarker(int64_t ts, int64_t tid, const MarkerLayout& layout,
                         protozero::data_view marker);

  TraceContext* ctx_;
  TraceStorage* storage_;
  AtracePrintParser atrace_;
  SchedTracker sched_;
  CpuCounters cpu_counters_;
  BinderTracker binder_;
  IrqTracker irq_;
  SuspendResumeTracker suspend_resume_;
  SyscallTracker syscalls_;
  FtraceDeviceEvents device_;
  WakesourceTracker wakesources_{ctx_};
  FtraceMemoryCounters memory_{ctx_};  // rss_stat, ion_stat.
  FtraceRawWriter raw_;
  const SequenceGeneration* generation_ = nullptr;  // The current event's.
  // The last sched_switch ParseSchedSwitch() read: its bytes and prev_pid.
  const char* parsed_switch_ = nullptr;
  int64_t parsed_switch_prev_pid_ = 0;
  bool has_data_start_ = false;
  int64_t data_start_ = 0;
  int64_t tracing_start_ = 0;
  bool has_kernel_version_ = false;
  KernelVersion kernel_version_;
  // A raw prev_state's interned letters (kNullStringId: invalid), from the
  // few a trace uses (decoding and interning per switch was a noticeable
  // part of a compact_sched load).
  StringId TaskStateId(uint64_t raw);
  struct TaskStateEntry {
    uint64_t raw;
    StringId id;
  };
  static constexpr size_t kTaskStates = 32;
  std::vector<TaskStateEntry> task_states_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_PARSER_H_
