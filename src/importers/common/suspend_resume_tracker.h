// SuspendResumeTracker: the kernel's suspend_resume events (text or
// protobuf ftrace) as slices "action(val)" on the global async track
// "Suspend/Resume Latency", as Perfetto shows them: a begin opens a slice
// keyed by val, an end closes the open one with that val, a begin of an
// action still open closes it first. timekeeping_freeze's val is the CPU
// that froze time (its begin and end may differ), so it counts as 0. An end
// of thaw_processes inside freeze_processes inside suspend_enter (a failed
// suspend_prepare()) also ends that suspend_enter.
// Reference: docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_COMMON_SUSPEND_RESUME_TRACKER_H_
#define SRC_IMPORTERS_COMMON_SUSPEND_RESUME_TRACKER_H_

#include <cstdint>
#include <string_view>
#include <unordered_set>

#include "src/importers/common/async_track_set.h"
#include "src/importers/common/trace_context.h"

namespace weft {

class SuspendResumeTracker {
 public:
  explicit SuspendResumeTracker(TraceContext* context);

  void Push(int64_t ts, std::string_view action, int64_t val, bool start);

 private:
  // Ends the slice |name| open on the track of |val|.
  void End(int64_t ts, StringId name, int64_t val);

  static constexpr uint32_t kGlobal = Uint32Column::kNull;
  enum class Phase { kNone, kSuspendEnter, kFreezeProcesses };
  TraceContext* ctx_;
  TraceStorage* storage_;
  AsyncTrackSet tracks_;
  std::unordered_set<StringId> open_;  // Slice names ("action(val)") open.
  StringId track_name_, track_type_;
  Phase phase_ = Phase::kNone;
  StringId suspend_enter_name_ = kNullStringId;  // Of the last suspend_enter begun.
  int64_t suspend_enter_val_ = 0;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_SUSPEND_RESUME_TRACKER_H_
