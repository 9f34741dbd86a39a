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
  auto cookie = static_cast<uint64_t>(val);
  constexpr uint32_t kGlobal = Uint32Column::kNull;
  SliceInfo info;
  if (!start || open_.count(name) > 0) {
    uint32_t track = tracks_.End(kGlobal, cookie, track_name_, track_type_);
    ctx_->slices.End(track, ts, info);
    open_.erase(name);
    if (!start) return;
  }
  uint32_t track = tracks_.Begin(kGlobal, cookie, track_name_, track_type_);
  info.cat = track_name_;
  info.name = name;
  ctx_->slices.Begin(track, ts, info);
  open_.insert(name);
}

}  // namespace weft
