// AsyncTrackSet: which track an async slice (JSON b/e/n, S/T/F; FXT async
// begin/instant/end) goes on. Tracks are keyed by (scope, name): an id takes
// the name of its first event, and ids sharing a name share that name's
// tracks — an id keeps its track while it has open slices, and an idle
// track (nothing open) is adopted before a new one is made, so sequential
// operations stay on one track (Perfetto's async track compression).
#ifndef SRC_IMPORTERS_COMMON_ASYNC_TRACK_SET_H_
#define SRC_IMPORTERS_COMMON_ASYNC_TRACK_SET_H_

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "src/importers/common/track_tracker.h"

namespace weft {

class AsyncTrackSet {
 public:
  explicit AsyncTrackSet(TrackTracker* tracks) : tracks_(tracks) {}

  // The track for an event of id |cookie| in |scope| (a upid, or
  // Uint32Column::kNull for global ids). New tracks get |name| and |type|.
  // Begin opens a slice on it, End closes one, Instant does neither.
  uint32_t Begin(uint32_t scope, uint64_t cookie, StringId name, StringId type) {
    AsyncTrack* t = Find(scope, cookie, name, type);
    t->open++;
    return t->track;
  }
  uint32_t End(uint32_t scope, uint64_t cookie, StringId name, StringId type) {
    AsyncTrack* t = Find(scope, cookie, name, type);
    if (t->open > 0) t->open--;
    return t->track;
  }
  uint32_t Instant(uint32_t scope, uint64_t cookie, StringId name, StringId type) {
    return Find(scope, cookie, name, type)->track;
  }

 private:
  struct AsyncTrack {
    uint32_t track;
    uint64_t cookie;
    uint32_t open;  // Slices begun and not yet ended.
  };
  AsyncTrack* Find(uint32_t scope, uint64_t cookie, StringId name, StringId type);

  TrackTracker* tracks_;
  std::unordered_map<uint64_t, StringId> root_name_;  // (scope, cookie) -> name
  std::unordered_map<uint64_t, std::vector<AsyncTrack>> tracks_by_name_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_ASYNC_TRACK_SET_H_
