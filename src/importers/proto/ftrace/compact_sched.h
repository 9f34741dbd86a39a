// CompactSchedEvent: one sched_switch or sched_waking of a bundle's
// CompactSched columns, as the tokenizer queues it for FtraceParser (the
// struct, then `comm_size` bytes of the comm). The columns leave out what
// the parser can infer: a switch's prev_* fields are the cpu's previous
// switch's next_* ones, a waking's waker is the thread running on its cpu.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_
#define SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_

#include <cstdint>

namespace weft {

struct CompactSchedEvent {
  enum Kind : uint32_t { kSwitch, kWaking };
  uint32_t kind;
  uint32_t cpu;
  int64_t prev_state;   // Switch.
  int32_t pid;          // Switch: next_pid; waking: the woken thread.
  int32_t prio;
  int32_t common_flags;  // Waking; -1 when the trace has none.
  uint32_t comm_size;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_
