// Builds the child track tables as row subsets of the root track table.
#include "src/storage/track_tables.h"

namespace weft {
namespace {

const std::vector<std::string>& BaseColumns() {
  static const std::vector<std::string> kCols = {
      "id", "name", "type", "parent_id", "dimension_arg_set_id",
      "source_arg_set_id", "machine_id"};
  return kCols;
}

std::unique_ptr<TableView> MakeView(const char* name, const TrackTable* track,
                                    std::vector<std::string> extra) {
  std::vector<std::string> cols = BaseColumns();
  cols.insert(cols.end(), extra.begin(), extra.end());
  return std::make_unique<TableView>(name, track, cols);
}

}  // namespace

TrackViews::TrackViews(const TrackTable* track)
    : track_(track),
      thread_track_(MakeView("thread_track", track, {"utid"})),
      process_track_(MakeView("process_track", track, {"upid"})),
      counter_track_(MakeView("counter_track", track, {"unit", "description"})),
      thread_counter_track_(
          MakeView("thread_counter_track", track, {"unit", "description", "utid"})),
      process_counter_track_(MakeView("process_counter_track", track,
                                      {"unit", "description", "upid"})),
      cpu_counter_track_(
          MakeView("cpu_counter_track", track, {"unit", "description", "cpu"})),
      state_track_(MakeView("state_track", track, {})),
      process_state_track_(MakeView("process_state_track", track, {"upid"})),
      thread_state_track_(MakeView("thread_state_track", track, {"utid"})) {}

void TrackViews::Refresh() {
  for (TableView* v : {thread_track_.get(), process_track_.get(),
                       counter_track_.get(), thread_counter_track_.get(),
                       process_counter_track_.get(), cpu_counter_track_.get(),
                       state_track_.get(), process_state_track_.get(),
                       thread_state_track_.get()}) {
    v->mutable_rows().clear();
  }
  for (uint32_t r = 0; r < track_->row_count(); ++r) {
    bool counter = track_->kind(r) == TrackEventType::kCounter;
    bool has_utid = !track_->utid.IsNull(r);
    bool has_upid = !track_->upid.IsNull(r);
    bool has_cpu = !track_->cpu.IsNull(r);
    if (track_->kind(r) == TrackEventType::kState) {
      state_track_->mutable_rows().push_back(r);
      if (has_utid) thread_state_track_->mutable_rows().push_back(r);
      if (has_upid) process_state_track_->mutable_rows().push_back(r);
      continue;
    }
    if (!counter) {
      if (has_utid) thread_track_->mutable_rows().push_back(r);
      if (has_upid) process_track_->mutable_rows().push_back(r);
      continue;
    }
    counter_track_->mutable_rows().push_back(r);
    if (has_utid) thread_counter_track_->mutable_rows().push_back(r);
    if (has_upid) process_counter_track_->mutable_rows().push_back(r);
    if (has_cpu) cpu_counter_track_->mutable_rows().push_back(r);
  }
}

std::vector<const Table*> TrackViews::tables() const {
  return {thread_track_.get(), process_track_.get(), counter_track_.get(),
          thread_counter_track_.get(), process_counter_track_.get(),
          cpu_counter_track_.get(), state_track_.get(), process_state_track_.get(),
          thread_state_track_.get()};
}

}  // namespace weft
