// JsonEventQueue: holds tokenized events until the end of the file, then
// hands them to the parser in timestamp order. JSON gives no ordering
// guarantee, so the whole file is one sorting window.
#ifndef SRC_IMPORTERS_JSON_JSON_EVENT_QUEUE_H_
#define SRC_IMPORTERS_JSON_JSON_EVENT_QUEUE_H_

#include "src/base/chunked_vector.h"
#include "src/base/pod_vector.h"

#include "src/importers/json/json_event.h"

namespace weft {

class JsonEventQueue {
 public:
  void Push(const JsonEvent& e) {
    if (e.phase == 'X') saw_complete_event_ = true;
    events_.push_back(e);
  }
  uint32_t AddExtra(const JsonEventExtra& extra) {
    extras_.push_back(extra);
    return static_cast<uint32_t>(extras_.size() - 1);
  }
  PodVector<SideArg>& side_args() { return side_args_; }
  PodVector<JsonEventExtra>& extras() { return extras_; }
  const ChunkedVector<JsonEvent>& events() const { return events_; }
  size_t size() const { return events_.size(); }

  // Indices of events in processing order: by timestamp; at equal
  // timestamps (once any X event exists) E first, then longer X first,
  // then file order — the order Perfetto's sorter produces. A PodVector:
  // millions of indices, on huge pages (src/base/pod_vector.h).
  PodVector<uint32_t> SortedOrder() const;

  // Frees everything (after parsing).
  void Clear();

 private:
  // Orders each run of equal timestamps in |order| by phase (see
  // SortedOrder()); ts_at(i) is the timestamp of the i-th event in order.
  template <typename TsAt>
  void OrderTies(uint32_t* order, TsAt ts_at) const;

  // In chunks: millions of events grown by realloc would copy themselves
  // (wasm has no mremap) and hold two copies at the last doubling.
  ChunkedVector<JsonEvent> events_;
  PodVector<JsonEventExtra> extras_;
  PodVector<SideArg> side_args_;
  bool saw_complete_event_ = false;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_EVENT_QUEUE_H_
