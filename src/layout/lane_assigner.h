// LaneAssigner: multiplexes the slices of a merged group's source tracks
// onto lanes (analysis tracks) so that two source tracks active at the same
// time never share a lane. The unit placed on a lane is a top-level slice
// with everything nested under it; a lane is busy from the unit's start to
// the end of its last descendant (unfinished slices: forever; instants
// occupy their one nanosecond). Lanes are handed out greedily in start
// order, preferring the lane the track used last, so the lane count equals
// the peak number of concurrently active source tracks.
#ifndef SRC_LAYOUT_LANE_ASSIGNER_H_
#define SRC_LAYOUT_LANE_ASSIGNER_H_

#include <cstdint>
#include <queue>
#include <vector>

namespace weft {

class LaneAssigner {
 public:
  static constexpr uint32_t kNoLane = UINT32_MAX;
  // A top-level slice of |track| starting at |ts| and ending at |end|
  // (exclusive): returns its lane. |last_lane| is the lane the track used
  // last (kNoLane at first), kept by the caller and updated here.
  uint32_t StartUnit(uint32_t track, int64_t ts, int64_t end, uint32_t* last_lane);
  // A nested slice on |lane| (its parent's) ending at |end|: keeps the lane
  // busy until then.
  void Extend(uint32_t track, uint32_t lane, int64_t end);

  uint32_t lane_count() const { return static_cast<uint32_t>(lanes_.size()); }

 private:
  static constexpr uint32_t kNoTrack = UINT32_MAX;
  struct Lane {
    int64_t busy_until = 0;
    uint32_t occupant = kNoTrack;
    bool free = false;  // In free_ (entries there may be stale).
  };
  struct BusyEntry {
    int64_t until;
    uint32_t lane;
    bool operator>(const BusyEntry& o) const {
      return until != o.until ? until > o.until : lane > o.lane;
    }
  };
  // Moves lanes whose unit ended at or before |ts| to the free heap.
  void Release(int64_t ts);
  uint32_t TakeFreeLane();
  void Occupy(uint32_t lane, uint32_t track, int64_t end);

  std::vector<Lane> lanes_;
  std::priority_queue<BusyEntry, std::vector<BusyEntry>, std::greater<BusyEntry>> busy_;
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<uint32_t>> free_;
};

}  // namespace weft

#endif  // SRC_LAYOUT_LANE_ASSIGNER_H_
