// Re-nesting: the track's slices sorted, merged with the calls (already in
// order, read from their rows as the merge goes: no copy of the calls),
// in one pass with a stack of the open items.
#include "src/sync_tracks/slice_nesting.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "src/storage/piece_reader.h"

namespace weft {
namespace {

bool NestBefore(const NestItem& a, const NestItem& b) {
  if (a.ts != b.ts) return a.ts < b.ts;
  if (a.end != b.end) return a.end > b.end;
  if (a.is_call != b.is_call) return a.is_call;  // DevTools: calls parent events.
  return a.order < b.order;
}

// The calls as nest items: in opening order, which is nesting order (a
// parent opens before its children at the same time) unless a damaged
// input broke it; then sorted. Cells are read a piece at a time
// (PieceReader); a call is read before the merge cuts it, and cuts are
// undone before the calls are read again.
class CallItems {
 public:
  CallItems(const SliceTable& slices, uint32_t first_row, uint32_t count)
      : ts_(slices.ts, slices.row_count()), dur_(slices.dur, slices.row_count()),
        first_row_(first_row), count_(count) {}
  uint32_t size() const { return count_; }
  bool sorted() const { return !order_.empty(); }
  NestItem operator[](uint32_t i) const { return Item(order_.empty() ? i : order_[i]); }
  void SortOrder() {
    order_.resize(count_);
    std::iota(order_.begin(), order_.end(), 0u);
    std::sort(order_.begin(), order_.end(),
              [this](uint32_t a, uint32_t b) { return NestBefore(Item(a), Item(b)); });
  }

 private:
  NestItem Item(uint32_t call) const {
    uint32_t row = first_row_ + call;
    int64_t ts = ts_[row];
    return NestItem{ts, ts + dur_[row], true, call, row};
  }

  mutable PieceReader<int64_t, TimestampColumn> ts_;
  mutable PieceReader<int64_t, CompactInt64Column> dur_;
  uint32_t first_row_;
  uint32_t count_;
  std::vector<uint32_t> order_;  // Empty: opening order.
};

// An open item, on the stack of them (outermost first): only its end and
// row matter (a small entry keeps the per-call work to a few loads and
// stores).
struct Open {
  int64_t end;
  uint32_t row;
};

// Sets every item's depth and parent (and cuts calls), merging the sorted
// slices with |calls|. Unless the calls were sorted, stops and returns
// false when a call comes before the previous one in nesting order, its
// cuts undone: the order check rides along with the merge instead of
// reading the calls once more.
bool NestItems(const std::vector<NestItem>& slice_items, const CallItems& calls,
               SliceTable* slices) {
  const bool check_calls = !calls.sorted();
  CompactInt64Column& dur = slices->dur;
  CompactUint32Column& depth = slices->depth;
  uint32_t* parent = slices->parent_id.mutable_data().data();
  std::vector<Open> stack;
  stack.reserve(64);
  std::vector<std::pair<uint32_t, int64_t>> cuts;  // (row, dur before), to undo.
  const size_t slice_count = slice_items.size();
  const uint32_t call_count = calls.size();
  size_t s = 0;
  uint32_t c = 0;
  NestItem next_call{};  // calls[c], read once.
  if (c < call_count) next_call = calls[c];
  // The last call's bounds: calls come in opening order, so one is out of
  // nesting order when it starts earlier, or as early but ends later.
  int64_t last_ts = 0;
  int64_t last_end = 0;
  while (s < slice_count || c < call_count) {
    // A merge of the two sorted lists; at equal keys, the slice first.
    NestItem item;
    if (c < call_count && (s == slice_count || NestBefore(next_call, slice_items[s]))) {
      item = next_call;
      if (check_calls) {
        if (c > 0 && (item.ts < last_ts || (item.ts == last_ts && item.end > last_end))) {
          for (const auto& [row, before] : cuts) dur.Set(row, before);
          return false;
        }
        last_ts = item.ts;
        last_end = item.end;
      }
      if (++c < call_count) next_call = calls[c];
    } else {
      item = slice_items[s++];
    }
    while (!stack.empty() &&
           (item.ts >= stack.back().end || (!item.is_call && item.end > stack.back().end))) {
      stack.pop_back();
    }
    if (!stack.empty() && item.is_call && item.end > stack.back().end) {
      if (check_calls) cuts.emplace_back(item.row, item.end - item.ts);
      item.end = stack.back().end;
      dur.Set(item.row, item.end - item.ts);
    }
    depth.Set(item.row, static_cast<uint32_t>(stack.size()));
    parent[item.row] = stack.empty() ? Uint32Column::kNull : stack.back().row;
    stack.push_back(Open{item.end, item.row});
  }
  return true;
}

}  // namespace

void RenestTrack(std::vector<NestItem> slice_items, uint32_t first_call_row, uint32_t call_count,
                 SliceTable* slices) {
  std::sort(slice_items.begin(), slice_items.end(), NestBefore);
  CallItems calls(*slices, first_call_row, call_count);
  if (NestItems(slice_items, calls, slices)) return;
  calls.SortOrder();
  NestItems(slice_items, calls, slices);
}

}  // namespace weft
