// TrackTracker: lookup maps in front of TrackTable::Insert.
#include "src/importers/common/track_tracker.h"

namespace weft {

TrackTracker::TrackTracker(TraceStorage* storage)
    : storage_(storage),
      type_thread_(storage->Intern("thread")),
      type_global_instant_(storage->Intern("legacy_chrome_global_instants")),
      type_process_instant_(storage->Intern("chrome_process_instant")),
      event_slice_(storage->Intern("slice")),
      event_counter_(storage->Intern("counter")),
      key_utid_(storage->Intern("utid")) {}

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
    // What identifies the track, as in Perfetto: {utid}.
    ArgsTable& args = storage_->args;
    uint32_t dims = args.BeginSet();
    args.AddInt(dims, key_utid_, key_utid_, utid);
    row.dimension_arg_set_id = args.FinishSet();
    id = Insert(row);
  }
  return id;
}

template <typename Map>
uint32_t TrackTracker::Lookup(Map* map, typename Map::key_type key,
                              const TrackTable::Row& row) {
  auto it = map->find(key);
  if (it != map->end()) return it->second;
  uint32_t id = Insert(row);
  map->emplace(key, id);
  return id;
}

uint32_t TrackTracker::ThreadSpillTrack(uint32_t utid, uint32_t level) {
  TrackTable::Row row;
  row.type = type_thread_;
  row.utid = utid;
  return Lookup(&spill_tracks_, (uint64_t{utid} << 32) | level, row);
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
  TrackTable::Row row;
  row.type = type_process_instant_;
  row.upid = upid;
  return Lookup(&process_instant_tracks_, upid, row);
}

namespace {

TrackTable::Row CounterRow(StringId name, StringId type) {
  TrackTable::Row row;
  row.name = name;
  row.type = type;
  row.event_type = TrackEventType::kCounter;
  return row;
}

}  // namespace

uint32_t TrackTracker::ProcessCounterTrack(uint32_t upid, StringId name,
                                           StringId type) {
  TrackTable::Row row = CounterRow(name, type);
  row.upid = upid;
  return Lookup(&counter_tracks_, (uint64_t{upid} << 32) | name, row);
}

uint32_t TrackTracker::CpuCounterTrack(uint32_t cpu, StringId name, StringId type) {
  TrackTable::Row row = CounterRow(name, type);
  row.cpu = cpu;
  return Lookup(&cpu_counter_tracks_, (uint64_t{cpu} << 32) | name, row);
}

uint32_t TrackTracker::GlobalCounterTrack(StringId name, StringId type) {
  return Lookup(&global_counter_tracks_, name, CounterRow(name, type));
}

uint32_t TrackTracker::CpuSliceTrack(uint32_t cpu, StringId name, StringId type) {
  TrackTable::Row row;
  row.name = name;
  row.type = type;
  row.cpu = cpu;
  return Lookup(&cpu_slice_tracks_, (uint64_t{cpu} << 32) | name, row);
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
