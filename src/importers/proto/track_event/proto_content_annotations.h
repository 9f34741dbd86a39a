// ProtoContentAnnotations: with --analyze-trace-proto-content, Perfetto's
// content analyzer annotates each TrackEvent packet with its category and
// name and stores one arg set per distinct pair ("event.category",
// "event.name") at the end of the trace; weft records the same arg sets.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_PROTO_CONTENT_ANNOTATIONS_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_PROTO_CONTENT_ANNOTATIONS_H_

#include <cstdint>
#include <unordered_set>
#include <utility>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

class ProtoContentAnnotations {
 public:
  ProtoContentAnnotations(TraceStorage* storage, bool enabled)
      : storage_(storage), enabled_(enabled) {}

  // One parsed TrackEvent (|category| already joined, either may be NULL).
  void OnTrackEvent(StringId category, StringId name) {
    if (!enabled_) return;
    uint64_t pair = (static_cast<uint64_t>(category) << 32) | name;
    if (seen_.insert(pair).second) order_.push_back({category, name});
  }
  // Adds the arg sets, in first-seen order; once, at the end of the trace.
  void WriteArgs();

 private:
  TraceStorage* storage_;
  bool enabled_;
  std::unordered_set<uint64_t> seen_;
  std::vector<std::pair<StringId, StringId>> order_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_PROTO_CONTENT_ANNOTATIONS_H_
