// FxtSchedParser: maps FXT threads and states onto SchedTracker's pushes.
#include "src/importers/fxt/fxt_sched_parser.h"

namespace weft {

FxtSchedParser::FxtSchedParser(TraceContext* context) : ctx_(context), sched_(context) {
  for (StringId& id : state_ids_) id = kNotInterned;
}

StringId FxtSchedParser::StateId(uint32_t zircon_state) {
  if (zircon_state > fxt::kThreadDead) return kNullStringId;
  StringId& id = state_ids_[zircon_state];
  if (id == kNotInterned) {
    std::string_view letters = StateLetters(zircon_state);
    id = letters.empty() ? kNullStringId : ctx_->storage->Intern(letters);
  }
  return id;
}

std::string_view FxtSchedParser::StateLetters(uint32_t zircon_state) {
  switch (zircon_state) {
    case fxt::kThreadNew:
    case fxt::kThreadRunning:
      return "R";
    case fxt::kThreadSuspended:
      return "T";
    case fxt::kThreadBlocked:
      return "S";
    case fxt::kThreadDying:
      return "Z";
    case fxt::kThreadDead:
      return "X";
    default:
      return {};
  }
}

void FxtSchedParser::NoteThread(uint32_t pid, uint32_t tid) {
  // Koid 0 is the idle thread (row 0); current layouts name no process.
  ctx_->processes.MapIdleTask();
  if (tid != 0 && pid != 0) ctx_->processes.UpdateThread(tid, pid);
}

void FxtSchedParser::ParseSwitch(const FxtEvent& e, const FxtSwitch& sw) {
  NoteThread(e.pid, e.tid);
  NoteThread(sw.in_pid, sw.in_tid);
  SchedTracker::Switch s;
  s.ts = e.ts;
  s.cpu = e.cpu;
  s.prev_pid = e.tid;
  s.prev_prio = sw.out_priority;
  s.prev_state_id = StateId(e.event_type);
  s.next_pid = sw.in_tid;
  s.next_prio = sw.in_priority;
  sched_.PushSwitch(s);
}

void FxtSchedParser::ParseWakeup(const FxtEvent& e) {
  NoteThread(e.pid, e.tid);
  sched_.PushWaking(e.ts, e.tid, /*comm=*/{}, sched_.RunningUtid(e.cpu), /*irq_context=*/-1);
}

}  // namespace weft
