// CompactSchedEvent: one sched_switch or sched_waking of a bundle's
// CompactSched columns, as the tokenizer queues it for FtraceParser. The
// columns leave out what the parser can infer: a switch's prev_* fields are
// the cpu's previous switch's next_* ones, a waking's waker is the thread
// running on its cpu. A compact trace queues every event until its sorting
// window closes (often the end of the file), so the struct is small (28
// bytes, 4-byte aligned) and the comm is interned by the tokenizer once per
// bundle entry instead of being copied into each event.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_
#define SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_

#include <cstdint>
#include <cstring>

#include "src/storage/string_pool.h"

namespace weft {

struct CompactSchedEvent {
  enum Kind : uint32_t { kSwitch, kWaking };
  uint32_t kind;
  uint32_t cpu;
  int32_t pid;  // Switch: next_pid; waking: the woken thread.
  int32_t prio;
  StringId comm;  // kNullStringId: none.
  // Switch: prev_state; waking: common_flags, -1 when the trace has none.
  // Two words, not an int64_t: no 8-byte alignment, no padding.
  uint32_t value_words[2];

  void set_value(int64_t v) { memcpy(value_words, &v, sizeof(v)); }
  int64_t value() const {
    int64_t v;
    memcpy(&v, value_words, sizeof(v));
    return v;
  }
};
static_assert(sizeof(CompactSchedEvent) == 28, "CompactSchedEvent is queued per event");

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_
