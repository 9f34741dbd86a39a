// TimestampOrder: the order in which queued records are parsed — indices
// sorted by their `ts` field, equal timestamps kept in file order. Shared
// by the importers whose queue is one sorting window over the whole file.
#ifndef SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_
#define SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "src/base/chunked_vector.h"
#include "src/base/compiler.h"

namespace weft {

// |items| is any indexable container of structs with an int64 `ts`.
template <typename Items>
std::vector<uint32_t> TimestampOrder(const Items& items) {
  size_t n = items.size();
  std::vector<uint32_t> order(n);
  bool sorted = true;
  for (size_t i = 0; i < n; ++i) {
    order[i] = static_cast<uint32_t>(i);
    if (i && items[i].ts < items[i - 1].ts) sorted = false;
  }
  if (sorted) return order;
  // Sorting (ts, index) keys side by side is several times faster than
  // sorting indices that look their ts up; the index breaks ties, which
  // keeps equal timestamps in file order.
  struct Key {
    int64_t ts;
    uint32_t index;
    bool operator<(const Key& o) const { return ts != o.ts ? ts < o.ts : index < o.index; }
  };
  std::vector<Key> keys(n);
  for (size_t i = 0; i < n; ++i) keys[i] = Key{items[i].ts, static_cast<uint32_t>(i)};
  std::sort(keys.begin(), keys.end());
  for (size_t i = 0; i < n; ++i) order[i] = keys[i].index;
  return order;
}

// Moves items[from] back to |to| (to <= from), the items between up one
// place; ChunkedVector does it with a memmove per chunk.
template <typename Items>
void MoveItemBack(Items* items, size_t from, size_t to) {
  auto item = (*items)[from];
  for (size_t k = from; k > to; --k) (*items)[k] = (*items)[k - 1];
  (*items)[to] = item;
}
template <typename T, size_t kChunkBits>
void MoveItemBack(ChunkedVector<T, kChunkBits>* items, size_t from, size_t to) {
  items->MoveBack(from, to);
}

// The place of an item with timestamp |ts| newer than none of the sorted
// items in [lowest, end): after the last of them not newer than it.
template <typename Items>
size_t PlaceAmongSorted(const Items& items, size_t lowest, size_t end, int64_t ts) {
  size_t j = end;
  while (j > lowest && ts < items[j - 1].ts) --j;
  return j;
}
// The same through a pointer within each chunk (this scan is most of the
// time of sorting a queue as it grows).
template <typename T, size_t kChunkBits>
size_t PlaceAmongSorted(const ChunkedVector<T, kChunkBits>& items, size_t lowest, size_t end,
                        int64_t ts) {
  constexpr size_t kChunkSize = ChunkedVector<T, kChunkBits>::kChunkSize;
  size_t j = end;
  while (j > lowest) {
    // The items before j that are in j - 1's chunk (and not before lowest).
    size_t run = std::min(j - lowest, ((j - 1) & (kChunkSize - 1)) + 1);
    const T* last = &items[j - 1];
    size_t k = 0;
    while (k < run && ts < (last - k)->ts) ++k;
    j -= k;
    if (k < run) break;
  }
  return j;
}

// Keeps a queue in `ts` order as it grows, equal timestamps in file order:
// each new last item moves back past the newer ones before it (an
// insertion sort done while the items just written are in cache, cheap for
// the nearly ordered queues of traces whose sources interleave in small
// sections). Past a budget (|moves_per_item| moves per item on average, at
// most |max_item_moves| for any one) it gives up at once and leaves this
// and later items where they are: a queue made of long sections out of
// order is then still a permutation whose equal timestamps are in file
// order, for TimestampOrder to finish.
template <typename Items>
class ArrivalOrder {
 public:
  ArrivalOrder(size_t moves_per_item, size_t max_item_moves)
      : moves_per_item_(moves_per_item), max_item_moves_(max_item_moves) {}

  // Moves the last of |items| (just appended) to its place.
  WEFT_ALWAYS_INLINE void PlaceLast(Items* items) {
    if (!ordered_) return;
    int64_t ts = (*items)[items->size() - 1].ts;
    // The items before are in order: the one before is the newest.
    if (!(ts < newest_)) {
      newest_ = ts;
      return;
    }
    MoveLastBack(items, ts);
  }

  // Whether every item was placed (else TimestampOrder has to finish).
  bool ordered() const { return ordered_; }

 private:
  // PlaceLast for a last item older than the one before it.
  void MoveLastBack(Items* items, int64_t ts) {
    Items& v = *items;
    size_t i = v.size() - 1;
    // Its place: after the last item not newer than it.
    size_t lowest = i > max_item_moves_ ? i - max_item_moves_ : 0;
    size_t j = PlaceAmongSorted(v, lowest, i, ts);
    if (j > 0 && ts < v[j - 1].ts) {  // Past max_item_moves.
      ordered_ = false;
      return;
    }
    MoveItemBack(&v, i, j);
    moves_ += i - j;
    // The slack of one item's moves lets a queue's first items move.
    if (moves_ > moves_per_item_ * v.size() + max_item_moves_) ordered_ = false;
  }

  size_t moves_per_item_;
  size_t max_item_moves_;
  size_t moves_ = 0;
  int64_t newest_ = INT64_MIN;
  bool ordered_ = true;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_
