// FlowTracker: open-flow bookkeeping.
#include "src/importers/common/flow_tracker.h"

namespace weft {

void FlowTracker::Begin(uint64_t key, uint32_t slice, int64_t trace_id) {
  auto [it, inserted] = open_.emplace(key, Source{slice, trace_id});
  if (!inserted) {
    storage_->stats.Increment(Stat::flow_duplicate_id);
    it->second = Source{slice, trace_id};
  }
}

void FlowTracker::Step(uint64_t key, uint32_t slice, int64_t trace_id) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    open_.emplace(key, Source{slice, trace_id});
    return;
  }
  Link(it->second, slice);
  it->second.slice = slice;
}

void FlowTracker::End(uint64_t key, uint32_t slice, bool close) {
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  Link(it->second, slice);
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

int64_t FlowTracker::V1TraceId(uint64_t key) {
  auto [it, inserted] = v1_trace_ids_.emplace(key, 0);
  if (inserted) it->second = static_cast<int64_t>(v1_trace_ids_.size() - 1);
  return it->second;
}

void FlowTracker::StartV1(uint64_t key, uint32_t slice) {
  int64_t trace_id = V1TraceId(key);
  auto it = open_.find(key);
  if (it != open_.end() && ended_.count(key) == 0) {
    storage_->stats.Increment(Stat::flow_duplicate_id);
    return;
  }
  open_[key] = Source{slice, trace_id};
  ended_.erase(key);
}

void FlowTracker::StepV1(uint64_t key, uint32_t slice) {
  Step(key, slice, V1TraceId(key));
  ended_.erase(key);
}

void FlowTracker::EndV1(uint64_t key, uint32_t slice) {
  V1TraceId(key);
  if (open_.count(key) == 0) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  End(key, slice, /*close=*/false);
  ended_.insert(key);
}

void FlowTracker::EndV1AtNextSlice(uint64_t key, uint32_t track) {
  V1TraceId(key);
  auto it = open_.find(key);
  if (it == open_.end()) {
    storage_->stats.Increment(Stat::flow_end_without_start);
    return;
  }
  waiting_[track].push_back(it->second);
  ended_.insert(key);
}

void FlowTracker::Link(const Source& from, uint32_t slice) {
  const TimestampColumn& ts = storage_->slice.ts;
  if (ts[from.slice] > ts[slice]) {
    storage_->flow.Insert(slice, from.slice, from.trace_id);
  } else {
    storage_->flow.Insert(from.slice, slice, from.trace_id);
  }
}

void FlowTracker::ResolveWaiting(uint32_t track, uint32_t slice) {
  auto it = waiting_.find(track);
  if (it == waiting_.end()) return;
  // Binding to the next slice keeps the flow's direction whatever the times.
  for (const Source& source : it->second) {
    storage_->flow.Insert(source.slice, slice, source.trace_id);
  }
  waiting_.erase(it);
}

}  // namespace weft
