// Re-nesting: the track's slices sorted, merged with the calls (already in
// order, read from their rows as the merge goes: no copy of the calls),
// then one pass with a stack of the open items.
#include "src/sync_tracks/slice_nesting.h"

#include <algorithm>
#include <numeric>

namespace weft {
namespace {

bool NestBefore(const NestItem& a, const NestItem& b) {
  if (a.ts != b.ts) return a.ts < b.ts;
  if (a.end != b.end) return a.end > b.end;
  if (a.is_call != b.is_call) return a.is_call;  // DevTools: calls parent events.
  return a.order < b.order;
}

// The calls as nest items, in nesting order.
class CallItems {
 public:
  CallItems(const SliceTable& slices, uint32_t first_row, uint32_t count)
      : slices_(slices), first_row_(first_row), count_(count) {
    // Opening order is nesting order (a parent opens before its children
    // at the same time); sort only if a damaged input broke that.
    for (uint32_t i = 1; i < count_; ++i) {
      if (NestBefore(Item(i), Item(i - 1))) {
        SortOrder();
        break;
      }
    }
  }
  uint32_t size() const { return count_; }
  NestItem operator[](uint32_t i) const { return Item(order_.empty() ? i : order_[i]); }

 private:
  NestItem Item(uint32_t call) const {
    uint32_t row = first_row_ + call;
    int64_t ts = slices_.ts[row];
    return NestItem{ts, ts + slices_.dur[row], true, call, row};
  }
  void SortOrder() {
    order_.resize(count_);
    std::iota(order_.begin(), order_.end(), 0u);
    std::sort(order_.begin(), order_.end(),
              [this](uint32_t a, uint32_t b) { return NestBefore(Item(a), Item(b)); });
  }

  const SliceTable& slices_;
  uint32_t first_row_;
  uint32_t count_;
  std::vector<uint32_t> order_;  // Empty: opening order.
};

}  // namespace

void RenestTrack(std::vector<NestItem> slice_items, uint32_t first_call_row, uint32_t call_count,
                 SliceTable* slices) {
  std::sort(slice_items.begin(), slice_items.end(), NestBefore);
  const CallItems calls(*slices, first_call_row, call_count);
  // The open items, outermost first: only their end and row matter (a
  // small entry keeps the per-call work to a few loads and stores).
  struct Open {
    int64_t end;
    uint32_t row;
  };
  std::vector<Open> stack;
  size_t s = 0;
  uint32_t c = 0;
  NestItem next_call{};  // calls[c], read once.
  if (c < calls.size()) next_call = calls[c];
  while (s < slice_items.size() || c < calls.size()) {
    // A merge of the two sorted lists; at equal keys, the slice first.
    NestItem item;
    if (c < calls.size() && (s == slice_items.size() || NestBefore(next_call, slice_items[s]))) {
      item = next_call;
      if (++c < calls.size()) next_call = calls[c];
    } else {
      item = slice_items[s++];
    }
    while (!stack.empty() &&
           (item.ts >= stack.back().end || (!item.is_call && item.end > stack.back().end))) {
      stack.pop_back();
    }
    if (!stack.empty() && item.is_call && item.end > stack.back().end) {
      item.end = stack.back().end;
      slices->dur.Set(item.row, item.end - item.ts);
    }
    slices->depth.Set(item.row, static_cast<uint32_t>(stack.size()));
    slices->parent_id.Set(item.row, stack.empty() ? Uint32Column::kNull : stack.back().row);
    stack.push_back(Open{item.end, item.row});
  }
}

}  // namespace weft
