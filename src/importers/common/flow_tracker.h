// FlowTracker: links slices into `flow` rows. v1 flows (s/t/f events) are
// keyed by (id, category, name); v2 flows by bind id. A flow end may wait
// for the next slice that begins on its track.
#ifndef SRC_IMPORTERS_COMMON_FLOW_TRACKER_H_
#define SRC_IMPORTERS_COMMON_FLOW_TRACKER_H_

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

class FlowTracker {
 public:
  explicit FlowTracker(TraceStorage* storage) : storage_(storage) {}

  // The flow |key| starts at |slice| (v1 's', v2 flow_out).
  void Begin(uint64_t key, uint32_t slice);
  // Links the open flow |key| to |slice|, which becomes its new source.
  void Step(uint64_t key, uint32_t slice);
  // Links the open flow |key| to |slice|. |close| forgets the flow (v1);
  // v2 flows stay open so several slices can bind to one outgoing slice.
  void End(uint64_t key, uint32_t slice, bool close);
  // v1 'f' without "bp":"e": binds to the next slice begun on |track|.
  void EndAtNextSlice(uint64_t key, uint32_t track);

  // JSON v1 flows (s/t/f), where ids are reused (Chrome's ids were task
  // addresses). An 'f' links from the flow's source but does not forget it:
  // a later 'f' without a new 's' links from the same source. An 's' after
  // an 'f' starts the flow again from its slice; an 's' while the flow has
  // not ended yet is a duplicate (flow_duplicate_id) and the first one stays.
  void StartV1(uint64_t key, uint32_t slice);
  void StepV1(uint64_t key, uint32_t slice);
  void EndV1(uint64_t key, uint32_t slice);
  void EndV1AtNextSlice(uint64_t key, uint32_t track);
  // Called for every new slice on |track|, to complete waiting ends.
  void OnSliceBegin(uint32_t track, uint32_t slice) {
    if (!waiting_.empty()) ResolveWaiting(track, slice);
  }

 private:
  void ResolveWaiting(uint32_t track, uint32_t slice);

  TraceStorage* storage_;
  std::unordered_map<uint64_t, uint32_t> open_;  // key -> source slice
  std::unordered_map<uint32_t, std::vector<uint32_t>> waiting_;  // track -> sources
  std::unordered_set<uint64_t> ended_;  // v1 keys whose flow has an end
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_FLOW_TRACKER_H_
