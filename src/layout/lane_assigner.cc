// Greedy interval partitioning with two heaps: busy lanes by end time, free
// lanes by index. Entries go stale when a lane's end is extended or a
// preferred free lane is taken directly; they are checked when popped.
#include "src/layout/lane_assigner.h"

#include <algorithm>

namespace weft {

void LaneAssigner::Release(int64_t ts) {
  while (!busy_.empty() && busy_.top().until <= ts) {
    BusyEntry e = busy_.top();
    busy_.pop();
    Lane& lane = lanes_[e.lane];
    if (lane.free || lane.busy_until != e.until) continue;  // Stale.
    lane.free = true;
    free_.push(e.lane);
  }
}

uint32_t LaneAssigner::TakeFreeLane() {
  while (!free_.empty()) {
    uint32_t lane = free_.top();
    free_.pop();
    if (lanes_[lane].free) return lane;  // Else taken directly: stale.
  }
  lanes_.emplace_back();
  return static_cast<uint32_t>(lanes_.size() - 1);
}

void LaneAssigner::Occupy(uint32_t lane, uint32_t track, int64_t end) {
  Lane& l = lanes_[lane];
  if (l.free || l.occupant != track) l.busy_until = end;
  l.busy_until = std::max(l.busy_until, end);
  l.occupant = track;
  l.free = false;
  busy_.push({l.busy_until, lane});
}

uint32_t LaneAssigner::StartUnit(uint32_t track, int64_t ts, int64_t end,
                                 uint32_t* last_lane) {
  Release(ts);
  uint32_t lane = *last_lane;
  // The track's previous lane, if it is free or still the track's own
  // (units of one track never need separate lanes).
  bool keep = lane != kNoLane &&
              (lanes_[lane].free || lanes_[lane].occupant == track);
  if (!keep) lane = TakeFreeLane();
  Occupy(lane, track, end);
  *last_lane = lane;
  return lane;
}

void LaneAssigner::Extend(uint32_t track, uint32_t lane, int64_t end) {
  Lane& l = lanes_[lane];
  // A lane handed to another track meanwhile (improperly nested input)
  // is left to that track.
  if (l.occupant != track) return;
  if (l.free) {
    Occupy(lane, track, end);
  } else if (end > l.busy_until) {
    l.busy_until = end;
    busy_.push({end, lane});
  }
}

}  // namespace weft
