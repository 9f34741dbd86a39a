// FlowTracker: links slices into `flow` rows. v1 flows (s/t/f events) are
// keyed by (id, category, name); v2 flows by bind id. A flow end may wait
// for the next slice that begins on its track.
// Each row's trace_id is the flow's id in the trace (v2: the flow / bind
// id; v1: a number per (id, category, name) in order of first use, as
// Perfetto gives them). A step or end whose slice began before the flow's
// source slice links the two the other way round (Perfetto orders a
// flow's ends by slice start).
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

  // The flow |key| (trace id |trace_id|) starts at |slice| (v1 's', v2
  // flow_out).
  void Begin(uint64_t key, uint32_t slice, int64_t trace_id);
  // Links the open flow |key| to |slice|, which becomes its new source.
  void Step(uint64_t key, uint32_t slice, int64_t trace_id);
  // Links the open flow |key| to |slice|. |close| forgets the flow (v1);
  // v2 flows stay open so several slices can bind to one outgoing slice.
  void End(uint64_t key, uint32_t slice, bool close);
  // v1 'f' without "bp":"e": binds to the next slice begun on |track|.
  void EndAtNextSlice(uint64_t key, uint32_t track);

  // The trace id of the v1 flow |key|: 0, 1, ... in order of first use.
  int64_t V1TraceId(uint64_t key);

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
  struct Source {
    uint32_t slice;
    int64_t trace_id;
  };
  // A flow row from |from| to |slice|, earlier-starting slice first.
  void Link(const Source& from, uint32_t slice);
  void ResolveWaiting(uint32_t track, uint32_t slice);

  TraceStorage* storage_;
  std::unordered_map<uint64_t, Source> open_;  // key -> source slice
  std::unordered_map<uint32_t, std::vector<Source>> waiting_;  // track -> sources
  std::unordered_set<uint64_t> ended_;  // v1 keys whose flow has an end
  std::unordered_map<uint64_t, int64_t> v1_trace_ids_;  // v1 key -> trace id
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_FLOW_TRACKER_H_
