// WakesourceTracker: kernel wakelocks as slices.
#include "src/importers/common/wakesource_tracker.h"

#include <string>

namespace weft {

void WakesourceTracker::Activate(int64_t ts, std::string_view name) {
  TraceStorage* s = ctx_->storage;
  StringId slice_name = s->Intern("Wakelock(" + std::string(name) + ")");
  auto [it, inserted] = sources_.emplace(slice_name, Source{});
  Source& source = it->second;
  if (inserted) {
    source.track = ctx_->tracks.NewAsyncTrack(Uint32Column::kNull, slice_name,
                                              s->Intern("wakesource"));
  }
  if (source.active++ > 0) return;
  SliceInfo info;
  info.name = slice_name;
  ctx_->slices.Begin(source.track, ts, info);
}

void WakesourceTracker::Deactivate(int64_t ts, std::string_view name) {
  TraceStorage* s = ctx_->storage;
  auto it = sources_.find(s->Intern("Wakelock(" + std::string(name) + ")"));
  if (it == sources_.end() || it->second.active == 0) {
    s->stats.Increment(Stat::wakesource_unmatched_deactivate);
    return;
  }
  if (--it->second.active == 0) ctx_->slices.End(it->second.track, ts, {});
}

}  // namespace weft
