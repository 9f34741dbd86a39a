// ClockTracker: snapshot bookkeeping and path search; see clock_tracker.h.
#include "src/importers/proto/sequence/clock_tracker.h"

#include <algorithm>
#include <deque>

namespace weft {

bool ClockTracker::AddSnapshot(const std::vector<Reading>& readings) {
  std::vector<std::pair<ClockId, int64_t>> ns;  // (clock, ns) in this snapshot.
  std::vector<ClockId> set;
  for (const Reading& r : readings) {
    int64_t value = 0;
    if (r.id == 0 || r.unit_multiplier_ns == 0 ||
        __builtin_mul_overflow(r.timestamp, r.unit_multiplier_ns, &value) || value < 0) {
      return false;
    }
    for (const auto& [id, unused] : ns) {
      if (id == r.id) return false;
    }
    ns.emplace_back(r.id, value);
    set.push_back(r.id);
  }
  std::sort(set.begin(), set.end());
  auto found = series_ids_.find(set);
  uint32_t series =
      found != series_ids_.end() ? found->second : static_cast<uint32_t>(series_latest_.size());
  // A clock must not go backwards from one snapshot of its series to the next.
  std::vector<ClockId> went_back;
  if (found != series_ids_.end()) {
    const std::unordered_map<ClockId, int64_t>& latest = series_latest_[series];
    for (const auto& [id, value] : ns) {
      if (value >= latest.at(id)) continue;
      // The trace clock must not go back. Another clock may (REALTIME
      // jumps): it stays a conversion target, never a source.
      if (id == trace_clock_) return false;
      went_back.push_back(id);
    }
  } else {
    series_ids_.emplace(set, series);
    series_latest_.emplace_back();
  }
  for (const auto& [id, value] : ns) series_latest_[series][id] = value;
  for (ClockId id : went_back) {
    if (non_monotonic_.insert(id).second) path_cache_.clear();
  }
  for (const Reading& r : readings) {
    Clock& clock = clocks_[r.id];
    clock.unit_multiplier_ns = r.unit_multiplier_ns;
    clock.incremental = r.incremental;
    if (r.incremental || r.unit_multiplier_ns != 1) has_scaled_clocks_ = true;
  }
  for (size_t i = 0; i < ns.size(); ++i) {
    clocks_[ns[i].first].last_ns = ns[i].second;
    for (size_t j = i + 1; j < ns.size(); ++j) {
      auto [a, b] = ns[i].first < ns[j].first ? std::make_pair(ns[i], ns[j])
                                              : std::make_pair(ns[j], ns[i]);
      PairSeries& pair = pairs_[{a.first, b.first}];
      if (pair.empty()) {
        clocks_[a.first].neighbors.push_back(b.first);
        clocks_[b.first].neighbors.push_back(a.first);
        path_cache_.clear();  // A new edge may shorten or create paths.
      }
      pair[series].emplace_back(a.second, b.second);
    }
  }
  return true;
}

bool ClockTracker::SetTraceClock(ClockId id) {
  if (id == trace_clock_) return true;
  if (converted_) return false;
  trace_clock_ = id;
  path_cache_.clear();
  return true;
}

std::optional<int64_t> ClockTracker::ConvertPacketTime(ClockId clock, uint64_t raw) {
  auto it = clocks_.find(clock);
  if (it == clocks_.end()) {
    if (raw > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    return ToTraceTime(clock, static_cast<int64_t>(raw));
  }
  Clock& c = it->second;
  int64_t ns = 0;
  if (__builtin_mul_overflow(raw, c.unit_multiplier_ns, &ns)) return std::nullopt;
  if (c.incremental) {
    if (__builtin_add_overflow(c.last_ns, ns, &ns)) return std::nullopt;
    c.last_ns = ns;
  }
  return ToTraceTime(clock, ns);
}

std::optional<int64_t> ClockTracker::ToTraceTime(ClockId clock, int64_t ns) {
  if (clock == trace_clock_) {
    converted_ = true;
    return ns;
  }
  std::optional<int64_t> out = Follow(PathToTraceClock(clock), ns);
  if (out) converted_ = true;
  return out;
}

std::optional<int64_t> ClockTracker::ToTraceTimeReadOnly(ClockId clock, int64_t ns) const {
  if (clock == trace_clock_) return ns;
  std::vector<ClockId> path;
  FindPath(clock, &path);
  return Follow(path, ns);
}

std::optional<int64_t> ClockTracker::Follow(const std::vector<ClockId>& path, int64_t ns) const {
  if (path.empty()) return std::nullopt;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    bool forward = path[i] < path[i + 1];
    const PairSeries& series = pairs_.find(std::minmax(path[i], path[i + 1]))->second;
    std::optional<int64_t> next = Hop(series, forward, ns);
    if (!next) return std::nullopt;
    ns = *next;
  }
  return ns;
}

std::optional<int64_t> ClockTracker::Hop(const PairSeries& series, bool forward, int64_t ns) {
  // The latest snapshot (in any series) whose source reading is at or
  // before |ns|, else the first snapshot of the first series.
  auto source = [forward](const std::pair<int64_t, int64_t>& r) {
    return forward ? r.first : r.second;
  };
  const std::pair<int64_t, int64_t>* best = &series.begin()->second.front();
  bool found = false;
  for (const auto& [id, readings] : series) {
    auto it = std::upper_bound(readings.begin(), readings.end(), ns,
                               [&](int64_t v, const auto& r) { return v < source(r); });
    if (it == readings.begin()) continue;
    --it;
    if (!found || source(*it) > source(*best)) best = &*it;
    found = true;
  }
  int64_t from = source(*best), to = forward ? best->second : best->first;
  int64_t out = 0;
  if (__builtin_sub_overflow(ns, from, &out) || __builtin_add_overflow(out, to, &out)) {
    return std::nullopt;
  }
  return out;
}

const std::vector<ClockTracker::ClockId>& ClockTracker::PathToTraceClock(ClockId from) {
  auto cached = path_cache_.find(from);
  if (cached != path_cache_.end()) return cached->second;
  std::vector<ClockId>& path = path_cache_[from];
  FindPath(from, &path);
  return path;
}

void ClockTracker::FindPath(ClockId from, std::vector<ClockId>* path) const {
  // Breadth-first search from the trace clock: the first time |from| is
  // reached, the parents lead back along a shortest path.
  std::unordered_map<ClockId, ClockId> parent{{trace_clock_, trace_clock_}};
  std::deque<ClockId> queue{trace_clock_};
  while (!queue.empty()) {
    ClockId id = queue.front();
    queue.pop_front();
    if (id == from) {
      for (ClockId c = from; c != trace_clock_; c = parent[c]) path->push_back(c);
      path->push_back(trace_clock_);
      return;
    }
    auto it = clocks_.find(id);
    if (it == clocks_.end()) continue;
    for (ClockId next : it->second.neighbors) {
      if (non_monotonic_.count(next)) continue;  // Cannot convert from it.
      if (parent.emplace(next, id).second) queue.push_back(next);
    }
  }
}

}  // namespace weft
