// AsyncTrackSet: track reuse by cookie, then by idleness.
#include "src/importers/common/async_track_set.h"

#include "src/base/hash.h"

namespace weft {

AsyncTrackSet::AsyncTrack* AsyncTrackSet::Find(uint32_t scope, uint64_t cookie,
                                               StringId name, StringId type) {
  StringId root = root_name_.emplace(HashCombine(scope, cookie), name).first->second;
  std::vector<AsyncTrack>& tracks = tracks_by_name_[HashCombine(scope, root)];
  for (AsyncTrack& t : tracks) {
    if (t.cookie == cookie) return &t;
  }
  for (AsyncTrack& t : tracks) {
    if (t.open == 0) {
      t.cookie = cookie;
      return &t;
    }
  }
  tracks.push_back({tracks_->NewAsyncTrack(scope, name, type), cookie, 0});
  return &tracks.back();
}

}  // namespace weft
