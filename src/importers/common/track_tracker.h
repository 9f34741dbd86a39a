// TrackTracker: get-or-create for every kind of track importers need, keyed
// by what makes the track unique (thread, process + name, ...). Track
// `type` strings follow Perfetto's classifications.
#ifndef SRC_IMPORTERS_COMMON_TRACK_TRACKER_H_
#define SRC_IMPORTERS_COMMON_TRACK_TRACKER_H_

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

class TrackTracker {
 public:
  explicit TrackTracker(TraceStorage* storage);

  uint32_t ThreadTrack(uint32_t utid);
  // Extra per-thread track for slices that could not nest on ThreadTrack.
  uint32_t ThreadSpillTrack(uint32_t utid, uint32_t level);
  uint32_t GlobalInstantTrack();
  uint32_t ProcessInstantTrack(uint32_t upid);
  uint32_t ProcessCounterTrack(uint32_t upid, StringId name, StringId type);
  // A counter track of one CPU (cpu_counter_track), or of the whole system.
  uint32_t CpuCounterTrack(uint32_t cpu, StringId name, StringId type);
  uint32_t GlobalCounterTrack(StringId name, StringId type);
  // A slice track of one CPU (e.g. "Irq Cpu 2"), keyed by (cpu, name).
  uint32_t CpuSliceTrack(uint32_t cpu, StringId name, StringId type);
  // A new async track (callers decide reuse); upid NULL for global ones.
  uint32_t NewAsyncTrack(uint32_t upid, StringId name, StringId type);

  StringId type_thread() const { return type_thread_; }

 private:
  uint32_t Insert(const TrackTable::Row& row);
  // The track stored under |key| in |map|, inserting |row| if absent.
  template <typename Map>
  uint32_t Lookup(Map* map, typename Map::key_type key,
                  const TrackTable::Row& row);

  TraceStorage* storage_;
  StringId type_thread_, type_global_instant_, type_process_instant_,
      event_slice_, event_counter_, key_utid_;
  std::vector<uint32_t> thread_tracks_;  // By utid.
  std::unordered_map<uint64_t, uint32_t> spill_tracks_;
  std::unordered_map<uint32_t, uint32_t> process_instant_tracks_;
  std::unordered_map<uint64_t, uint32_t> counter_tracks_;
  std::unordered_map<uint64_t, uint32_t> cpu_counter_tracks_;
  std::unordered_map<uint32_t, uint32_t> global_counter_tracks_;
  std::unordered_map<uint64_t, uint32_t> cpu_slice_tracks_;
  uint32_t global_instant_track_ = Uint32Column::kNull;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TRACK_TRACKER_H_
