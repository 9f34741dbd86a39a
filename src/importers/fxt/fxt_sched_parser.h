// FxtSchedParser: FXT scheduling records (context switches in the legacy
// and current layouts, thread wakeups), in timestamp order, into `sched`,
// `thread_state` and `cpu` through the shared SchedTracker. The CPU's idle
// thread (pid 0 and priority 0 in legacy records, weight INT32_MIN in
// current ones) is the idle task, utid 0, as in kernel traces.
// Reference: docs/formats/fxt.md
#ifndef SRC_IMPORTERS_FXT_FXT_SCHED_PARSER_H_
#define SRC_IMPORTERS_FXT_FXT_SCHED_PARSER_H_

#include <string_view>

#include "src/importers/common/sched_tracker.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/fxt/fxt_record_reader.h"

namespace weft {

class FxtSchedParser {
 public:
  explicit FxtSchedParser(TraceContext* context);

  void ParseSwitch(const FxtEvent& e, const FxtSwitch& sw);
  // The waker is the thread running on the wakeup's CPU, when known.
  void ParseWakeup(const FxtEvent& e);

  // The thread_state letters of a Zircon thread state (Perfetto's choice:
  // new / running "R", suspended "T", blocked "S", dying "Z", dead "X");
  // empty for an undefined state.
  static std::string_view StateLetters(uint32_t zircon_state);

 private:
  // Joins thread |tid| to process |pid| when the record names it.
  void NoteThread(uint32_t pid, uint32_t tid);

  TraceContext* ctx_;
  SchedTracker sched_;
  // The interned StateLetters of |zircon_state| (kNullStringId: none),
  // each interned on first use: switches are the most frequent records.
  StringId StateId(uint32_t zircon_state);
  static constexpr StringId kNotInterned = ~StringId{0};
  StringId state_ids_[fxt::kThreadDead + 1];
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_SCHED_PARSER_H_
