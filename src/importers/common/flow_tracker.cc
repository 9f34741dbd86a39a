// FlowTracker: open-flow bookkeeping.
#include "src/importers/common/flow_tracker.h"

namespace weft {

void FlowTracker::Begin(uint64_t key, uint32_t slice) {
  auto [it, inserted] = open_.emplace(key, slice);
  if (!inserted) {
    storage_->stats.Increment(Stat::flow_duplicate_id);
    it->second = slice;
  }
}

void FlowTracker::Step(uint64_t key, uint32_t slice) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    open_.emplace(key, slice);
    return;
  }
  storage_->flow.Insert(it->second, slice);
  it->second = slice;
}

void FlowTracker::End(uint64_t key, uint32_t slice, bool close) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  storage_->flow.Insert(it->second, slice);
  if (close) open_.erase(it);
}

void FlowTracker::EndAtNextSlice(uint64_t key, uint32_t track) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  waiting_[track].push_back(it->second);
  open_.erase(it);
}

void FlowTracker::StartV1(uint64_t key, uint32_t slice) {
  auto it = open_.find(key);
  if (it != open_.end() && ended_.count(key) == 0) {
    storage_->stats.Increment(Stat::flow_duplicate_id);
    return;
  }
  open_[key] = slice;
  ended_.erase(key);
}

void FlowTracker::StepV1(uint64_t key, uint32_t slice) {
  Step(key, slice);
  ended_.erase(key);
}

void FlowTracker::EndV1(uint64_t key, uint32_t slice) {
  if (open_.count(key) == 0) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  End(key, slice, /*close=*/false);
  ended_.insert(key);
}

void FlowTracker::EndV1AtNextSlice(uint64_t key, uint32_t track) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  waiting_[track].push_back(it->second);
  ended_.insert(key);
}

void FlowTracker::ResolveWaiting(uint32_t track, uint32_t slice) {
  auto it = waiting_.find(track);
  if (it == waiting_.end()) return;
  for (uint32_t source : it->second) storage_->flow.Insert(source, slice);
  waiting_.erase(it);
}

}  // namespace weft
