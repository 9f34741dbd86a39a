// SystraceLine: one event line of ftrace's text output (`trace`,
// `trace_pipe`, atrace, systrace), e.g.
//   kworker/u16:1-77    (   77) [004] d..2   316.196720: sched_switch: ...
//   <idle>-0     [000]  0.002188: tracing_mark_write: E|77
// TASK-PID, an optional (TGID) column ("(-----)" when unknown), [CPU], an
// optional irq-flags column (which may touch the timestamp:
// "....316.196720"), TIMESTAMP in seconds, EVENT and its arguments. The
// task name may hold any character, '-' included: the pid is the digits
// after the last '-' before the CPU column.
#ifndef SRC_IMPORTERS_SYSTRACE_SYSTRACE_LINE_H_
#define SRC_IMPORTERS_SYSTRACE_SYSTRACE_LINE_H_

#include <cstdint>
#include <string_view>

namespace weft {

struct SystraceLine {
  std::string_view task;
  int64_t pid = 0;
  int64_t tgid = 0;
  bool has_tgid = false;
  uint32_t cpu = 0;
  int64_t ts = 0;  // Nanoseconds, read exactly from the decimal text.
  std::string_view event;
  std::string_view args;
};

// Reads |line| (no line break) into |out|; false if it is no event line.
bool ParseSystraceLine(std::string_view line, SystraceLine* out);

// Whether |head| (a trace's first bytes, maybe cut mid-line) starts like a
// kernel text trace: a "# tracer" comment, atrace's "TRACE:", trace-cmd's
// "cpus=", systrace HTML, or a TASK-PID [CPU] event line.
bool LooksLikeSystrace(std::string_view head);

// The value of |key| in "k1=v1 k2=v2 ..." |args| (values end at a space);
// false if absent.
bool FindSystraceArg(std::string_view args, std::string_view key, std::string_view* value);
bool FindSystraceIntArg(std::string_view args, std::string_view key, int64_t* value);
// A "0x..." value (up to the first space: "cmd=0x7206 BR_TRANSACTION_COMPLETE").
bool FindSystraceHexArg(std::string_view args, std::string_view key, uint64_t* value);

}  // namespace weft

#endif  // SRC_IMPORTERS_SYSTRACE_SYSTRACE_LINE_H_
