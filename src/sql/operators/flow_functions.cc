// Flow walks: a breadth-first search over slices. Each queued slice
// remembers how it was reached, because a slice reached by walking a flow
// forwards only continues forwards (and backwards likewise), and a slice
// reached as a relative (descendant / ancestor) of an expanded slice does
// not expand relatives again: they are already queued.
#include "src/sql/operators/flow_functions.h"

namespace weft {
namespace {

enum Via : uint8_t {
  kStart,
  kForward,   // Reached as the slice_in of a flow from a queued slice.
  kBackward,  // Reached as the slice_out of a flow into a queued slice.
  kRelative,  // Reached as an ancestor / descendant of a queued slice.
};

}  // namespace

bool ConnectedFlowRows(const TraceStorage& storage, FlowWalk walk,
                       int64_t slice_id, RowListScratch* scratch,
                       std::vector<uint32_t>* rows) {
  rows->clear();
  const SliceTable& slice = storage.slice;
  const FlowTable& flow = storage.flow;
  const uint32_t slice_count = slice.row_count();
  if (slice_id < 0 || slice_id >= slice_count) return false;
  const bool forward = walk != FlowWalk::kPreceding;
  const bool backward = walk != FlowWalk::kFollowing;

  scratch->slices.Reset(slice_count);
  scratch->flows.Reset(flow.row_count());
  std::vector<uint32_t>& queue = scratch->queue;
  std::vector<uint8_t>& queue_via = scratch->queue_via;
  queue.clear();
  queue_via.clear();
  auto visit = [&](uint32_t s, Via via) {
    if (s < slice_count && scratch->slices.Insert(s)) {
      queue.push_back(s);
      queue_via.push_back(via);
    }
  };
  // Follows the flows whose |end| column is |s|, reaching their other end.
  auto follow = [&](uint32_t s, const Uint32Column& end,
                    const Uint32Column& other_end, Via via) {
    const uint32_t* flows = nullptr;
    size_t count = 0;
    if (!end.EqualRows(s, &flows, &count)) return;
    for (size_t i = 0; i < count; ++i) {
      uint32_t f = flows[i];
      if (scratch->flows.Insert(f)) rows->push_back(f);
      visit(other_end[f], via);
    }
  };

  visit(static_cast<uint32_t>(slice_id), kStart);
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t s = queue[head];
    const Via via = static_cast<Via>(queue_via[head]);
    if (via != kRelative && walk != FlowWalk::kDirectlyConnected) {
      std::vector<uint32_t>& relatives = scratch->relatives;
      if (walk == FlowWalk::kFollowing) {
        DescendantSliceRows(slice, s, &relatives);
      } else {
        AncestorSliceRows(slice, s, &relatives);
      }
      for (uint32_t r : relatives) visit(r, kRelative);
    }
    if (backward && via != kForward) {
      follow(s, flow.slice_in, flow.slice_out, kBackward);
    }
    if (forward && via != kBackward) {
      follow(s, flow.slice_out, flow.slice_in, kForward);
    }
  }
  return true;
}

namespace {

template <FlowWalk kWalk>
bool Walk(const TraceStorage& storage, int64_t id, RowListScratch* scratch,
          std::vector<uint32_t>* rows, std::string* error) {
  if (!ConnectedFlowRows(storage, kWalk, id, scratch, rows)) {
    *error = "invalid slice id " + std::to_string(id);
    return false;
  }
  return true;
}

}  // namespace

Status RegisterFlowFunctions(sqlite3* db, const TraceStorage* storage) {
  WEFT_RETURN_IF_ERROR(RegisterRowListFunction(
      db, "directly_connected_flow", &storage->flow, storage,
      Walk<FlowWalk::kDirectlyConnected>));
  WEFT_RETURN_IF_ERROR(RegisterRowListFunction(
      db, "following_flow", &storage->flow, storage,
      Walk<FlowWalk::kFollowing>));
  return RegisterRowListFunction(db, "preceding_flow", &storage->flow, storage,
                                 Walk<FlowWalk::kPreceding>);
}

}  // namespace weft
