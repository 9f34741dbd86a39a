// TrackTracker: lookup maps in front of TrackTable::Insert.
#include "src/importers/common/track_tracker.h"

namespace weft {

TrackTracker::TrackTracker(TraceStorage* storage)
    : storage_(storage),
      type_thread_(storage->Intern("thread")),
      type_global_instant_(storage->Intern("legacy_chrome_global_instants")),
      type_process_instant_(storage->Intern("chrome_process_instant")),
      event_slice_(storage->Intern("slice")),
      event_counter_(storage->Intern("counter")) {}

uint32_t TrackTracker::Insert(const TrackTable::Row& row) {
  return storage_->track.Insert(
      row, row.event_type == TrackEventType::kCounter ? event_counter_ : event_slice_);
}

uint32_t TrackTracker::ThreadTrack(uint32_t utid) {
  if (utid >= thread_tracks_.size()) thread_tracks_.resize(utid + 1, Uint32Column::kNull);
  uint32_t& id = thread_tracks_[utid];
  if (id == Uint32Column::kNull) {
    TrackTable::Row row;
    row.type = type_thread_;
    row.utid = utid;
    id = Insert(row);
  }
  return id;
}

uint32_t TrackTracker::ThreadSpillTrack(uint32_t utid, uint32_t level) {
  uint64_t key = (uint64_t{utid} << 32) | level;
  auto it = spill_tracks_.find(key);
  if (it != spill_tracks_.end()) return it->second;
  TrackTable::Row row;
  row.type = type_thread_;
  row.utid = utid;
  uint32_t id = Insert(row);
  spill_tracks_.emplace(key, id);
  return id;
}

uint32_t TrackTracker::GlobalInstantTrack() {
  if (global_instant_track_ == Uint32Column::kNull) {
    TrackTable::Row row;
    row.type = type_global_instant_;
    global_instant_track_ = Insert(row);
  }
  return global_instant_track_;
}

uint32_t TrackTracker::ProcessInstantTrack(uint32_t upid) {
  auto it = process_instant_tracks_.find(upid);
  if (it != process_instant_tracks_.end()) return it->second;
  TrackTable::Row row;
  row.type = type_process_instant_;
  row.upid = upid;
  uint32_t id = Insert(row);
  process_instant_tracks_.emplace(upid, id);
  return id;
}

uint32_t TrackTracker::ProcessCounterTrack(uint32_t upid, StringId name,
                                           StringId type) {
  uint64_t key = (uint64_t{upid} << 32) | name;
  auto it = counter_tracks_.find(key);
  if (it != counter_tracks_.end()) return it->second;
  TrackTable::Row row;
  row.name = name;
  row.type = type;
  row.upid = upid;
  row.event_type = TrackEventType::kCounter;
  uint32_t id = Insert(row);
  counter_tracks_.emplace(key, id);
  return id;
}

uint32_t TrackTracker::NewAsyncTrack(uint32_t upid, StringId name,
                                     StringId type) {
  TrackTable::Row row;
  row.name = name;
  row.type = type;
  row.upid = upid;
  return Insert(row);
}

}  // namespace weft
