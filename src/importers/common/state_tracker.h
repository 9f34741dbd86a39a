// StateTracker: the current state of each state track. A state change ends
// the track's current state (its dur becomes the time until the change)
// and, unless the new value is NULL, starts a row of the `state` table.
// Changes arrive in timestamp order (importers sort before parsing).
#ifndef SRC_IMPORTERS_COMMON_STATE_TRACKER_H_
#define SRC_IMPORTERS_COMMON_STATE_TRACKER_H_

#include <cstdint>
#include <unordered_map>

#include "src/storage/trace_storage.h"

namespace weft {

class StateTracker {
 public:
  explicit StateTracker(TraceStorage* storage) : storage_(storage) {}

  void Change(uint32_t track, int64_t ts, StringId category, StringId value) {
    auto open = current_.find(track);
    if (open != current_.end()) {
      StateTable& state = storage_->state;
      state.dur.Set(open->second, ts - state.ts[open->second]);
      current_.erase(open);
    }
    if (value != kNullStringId) current_[track] = storage_->state.Insert(ts, track, category, value);
  }

 private:
  TraceStorage* storage_;
  std::unordered_map<uint32_t, uint32_t> current_;  // Track -> its open state row.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_STATE_TRACKER_H_
