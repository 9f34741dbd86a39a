// Sorting of queued JSON events. Sorts 16-byte (ts, index) keys rather than
// the events themselves; ties consult the events (rare).
#include "src/importers/json/json_event_queue.h"

#include <algorithm>

namespace weft {
namespace {

int64_t TieKey(const JsonEvent& e) {
  if (e.phase == 'E') return INT64_MIN;
  if (e.phase == 'X') return INT64_MAX - e.dur;
  return INT64_MAX;
}

}  // namespace

std::vector<uint32_t> JsonEventQueue::SortedOrder() const {
  struct Key {
    int64_t ts;
    uint32_t index;
  };
  std::vector<Key> keys(events_.size());
  bool sorted = true;
  for (uint32_t i = 0; i < events_.size(); ++i) {
    keys[i] = {events_[i].ts, i};
    if (i > 0 && keys[i].ts <= keys[i - 1].ts) sorted = false;
  }
  if (!sorted) {
    bool ties_matter = saw_complete_event_;
    std::sort(keys.begin(), keys.end(), [&](const Key& a, const Key& b) {
      if (a.ts != b.ts) return a.ts < b.ts;
      if (ties_matter) {
        int64_t ka = TieKey(events_[a.index]), kb = TieKey(events_[b.index]);
        if (ka != kb) return ka < kb;
      }
      return a.index < b.index;
    });
  }
  std::vector<uint32_t> order(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) order[i] = keys[i].index;
  return order;
}

void JsonEventQueue::Clear() {
  std::vector<JsonEvent>().swap(events_);
  std::vector<JsonEventExtra>().swap(extras_);
  std::vector<SideArg>().swap(side_args_);
}

}  // namespace weft
