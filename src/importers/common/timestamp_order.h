// TimestampOrder: the order in which queued records are parsed — indices
// sorted by their `ts` field, equal timestamps kept in file order. Shared
// by the importers whose queue is one sorting window over the whole file.
#ifndef SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_
#define SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "src/base/chunked_vector.h"

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

// Sorts |items| in place by `ts`, equal timestamps kept in file order, if
// that takes at most |max_moves| element moves in all and at most
// |max_item_moves| for any one item (insertion sort: cheap for the nearly
// ordered queues of traces whose sources interleave in small sections, and
// no memory beyond the items; the per-item bound gives up at once on a
// queue made of long sections out of order). Returns false past a budget,
// with |items| still a permutation whose equal timestamps are in file
// order, for TimestampOrder to finish.
template <typename Items>
bool SortNearlyOrdered(Items* items, size_t max_moves, size_t max_item_moves) {
  Items& v = *items;
  size_t moves = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    int64_t ts = v[i].ts;
    if (!(ts < v[i - 1].ts)) continue;
    // Its place: after the last item not newer than it.
    size_t lowest = i > max_item_moves ? i - max_item_moves : 0;
    size_t j = i - 1;
    while (j > lowest && ts < v[j - 1].ts) --j;
    if (j > 0 && ts < v[j - 1].ts) return false;  // Past max_item_moves.
    MoveItemBack(&v, i, j);
    moves += i - j;
    if (moves > max_moves) return false;
  }
  return true;
}

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_
