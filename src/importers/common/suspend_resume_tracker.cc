// SuspendResumeTracker: suspend / resume phases as async slices.
#include "src/importers/common/suspend_resume_tracker.h"

#include <string>

namespace weft {

SuspendResumeTracker::SuspendResumeTracker(TraceContext* context)
    : ctx_(context), storage_(context->storage), tracks_(&context->tracks) {
  track_name_ = storage_->Intern("Suspend/Resume Latency");
  track_type_ = storage_->Intern("suspend_resume");
}

void SuspendResumeTracker::Push(int64_t ts, std::string_view action, int64_t val, bool start) {
  if (action == "timekeeping_freeze") val = 0;
  StringId name = storage_->Intern(std::string(action) + "(" + std::to_string(val) + ")");
  if (!start || open_.count(name) > 0) {
    End(ts, name, val);
    if (!start) {
      if (action == "thaw_processes" && phase_ == Phase::kFreezeProcesses) {
        // A failed suspend_prepare() thaws inside freeze_processes, and its
        // suspend_enter never ends: end it here, as Perfetto does.
        if (open_.count(suspend_enter_name_) > 0) End(ts, suspend_enter_name_, suspend_enter_val_);
        phase_ = Phase::kNone;
      } else if (action == "suspend_enter") {
        phase_ = Phase::kNone;
      }
      return;
    }
  }
  if (action == "suspend_enter") {
    phase_ = Phase::kSuspendEnter;
    suspend_enter_name_ = name;
    suspend_enter_val_ = val;
  } else if (action == "freeze_processes" && phase_ == Phase::kSuspendEnter) {
    phase_ = Phase::kFreezeProcesses;
  }
  uint32_t track = tracks_.Begin(kGlobal, static_cast<uint64_t>(val), track_name_, track_type_);
  SliceInfo info;
  info.cat = track_name_;
  info.name = name;
  ctx_->slices.Begin(track, ts, info);
  open_.insert(name);
}

void SuspendResumeTracker::End(int64_t ts, StringId name, int64_t val) {
  open_.erase(name);
  uint32_t track = tracks_.End(kGlobal, static_cast<uint64_t>(val), track_name_, track_type_);
  ctx_->slices.End(track, ts, {});
}

}  // namespace weft
