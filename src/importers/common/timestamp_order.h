// TimestampOrder: the order in which queued records are parsed — indices
// sorted by their `ts` field, equal timestamps kept in file order. Shared
// by the importers whose queue is one sorting window over the whole file.
#ifndef SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_
#define SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
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

// Items [begin, end) as one array, or nullptr when they span chunks.
template <typename T>
T* ContiguousItems(std::vector<T>* items, size_t begin, size_t /*end*/) {
  return items->data() + begin;
}
template <typename T, size_t kChunkBits>
T* ContiguousItems(ChunkedVector<T, kChunkBits>* items, size_t begin, size_t end) {
  return (begin >> kChunkBits) == ((end - 1) >> kChunkBits) ? &(*items)[begin] : nullptr;
}

// Items indexed as in their queue, through a pointer to those from |first|.
template <typename T>
struct ItemSpan {
  T* items;
  size_t first;
  T& operator[](size_t i) const { return items[i - first]; }
};

// Keeps a queue in `ts` order as it grows, equal timestamps in file order.
// Items older than the newest before them are held back as a run while
// each is not older than the one before it (a source's records arriving
// after another's newer ones), then the run is merged into the sorted
// queue at once, from the back: each item the run passes moves once per
// run, not once per run item (cheap for the nearly ordered queues of
// traces whose sources interleave in small sections). Past a budget
// (|moves_per_item| moves per item on average, at most |max_item_moves|
// for any one) it gives up at once and leaves this and later items where
// they are: a queue made of long sections out of order is then still a
// permutation whose equal timestamps are in file order, for
// TimestampOrder to finish. Finish() before reading the queue.
template <typename Items>
class ArrivalOrder {
 public:
  ArrivalOrder(size_t moves_per_item, size_t max_item_moves)
      : moves_per_item_(moves_per_item), max_item_moves_(max_item_moves) {}

  // Places the last of |items| (just appended), or holds it in the run.
  WEFT_ALWAYS_INLINE void PlaceLast(Items* items) {
    if (!ordered_) return;
    size_t last = items->size() - 1;
    int64_t ts = (*items)[last].ts;
    if (sorted_end_ == last) {  // No run: the items before are in order.
      if (ts < newest_) return StartRun(ts);
      sorted_end_ = last + 1;
      newest_ = ts;
      return;
    }
    if (!(ts < run_newest_) && last - sorted_end_ < kMaxRun) {
      run_newest_ = ts;
      return;
    }
    OnRunEnd(items, last, ts);
  }

  // Merges the run held back, if any: the queue is then in order (if
  // ordered()).
  void Finish(Items* items) {
    if (ordered_ && sorted_end_ < items->size()) MergeRun(items, items->size());
  }

  // Whether every item was placed (else TimestampOrder has to finish).
  bool ordered() const { return ordered_; }

 private:
  using Item = typename std::decay<decltype(std::declval<Items&>()[0])>::type;
  // Items held back at most: the run is copied aside to merge.
  static constexpr size_t kMaxRun = 4096;

  void StartRun(int64_t ts) { run_newest_ = ts; }

  // The item at |last| ends the run before it: the run is merged, then the
  // item placed (or a new run started).
  void OnRunEnd(Items* items, size_t last, int64_t ts) {
    MergeRun(items, last);
    if (!ordered_) return;
    if (ts < newest_) return StartRun(ts);
    sorted_end_ = last + 1;
    newest_ = ts;
  }

  // Merges the run [sorted_end_, end) into the sorted items before it.
  void MergeRun(Items* items, size_t end) {
    Items& v = *items;
    size_t begin = sorted_end_;
    // The run's first item is its oldest: it moves the farthest.
    int64_t oldest = v[begin].ts;
    size_t lowest = begin > max_item_moves_ ? begin - max_item_moves_ : 0;
    size_t place = PlaceAmongSorted(v, lowest, begin, oldest);
    if (place > 0 && oldest < v[place - 1].ts) {  // Past max_item_moves.
      ordered_ = false;
      return;
    }
    // Most runs and the items they pass are in one chunk: merged through
    // a pointer, not the chunk index.
    if (Item* span = ContiguousItems(items, place, end)) {
      run_.assign(span + (begin - place), span + (end - place));
      MergeBack(ItemSpan<Item>{span, place}, place, begin, end);
    } else {
      run_.clear();
      for (size_t i = begin; i < end; ++i) run_.push_back(v[i]);
      MergeBack(v, place, begin, end);
    }
    sorted_end_ = end;
    newest_ = v[end - 1].ts;
    // The slack of one item's moves lets a queue's first items move.
    if (moves_ > moves_per_item_ * end + max_item_moves_) ordered_ = false;
  }

  // Merges run_ (a copy of [begin, end) of |v|) with the sorted items
  // [place, begin), from the back: the newer of the two lasts first, the
  // run's on a tie (it came later in the file).
  template <typename V>
  void MergeBack(V&& v, size_t place, size_t begin, size_t end) {
    size_t to = end, from = begin, left = run_.size();
    while (left > 0) {
      if (from > place && run_[left - 1].ts < v[from - 1].ts) {
        v[--to] = v[--from];
        moves_ += left;  // It passes the run's items left.
      } else {
        v[--to] = run_[--left];
      }
    }
  }

  size_t moves_per_item_;
  size_t max_item_moves_;
  size_t moves_ = 0;
  size_t sorted_end_ = 0;       // Items before it are in order.
  int64_t newest_ = INT64_MIN;  // Of the items in order.
  int64_t run_newest_ = INT64_MIN;  // Of the run [sorted_end_, size).
  std::vector<Item> run_;       // The run, copied aside to merge.
  bool ordered_ = true;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TIMESTAMP_ORDER_H_
