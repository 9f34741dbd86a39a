// Sorting of queued JSON events: an LSD radix sort over packed
// (timestamp - min, index) keys — stable, linear, 8 bytes per event — with
// a comparison-sort fallback for timestamp ranges too wide to pack. Equal
// timestamps are then ordered by phase where that matters.
#include "src/importers/json/json_event_queue.h"

#include <algorithm>

#include "src/base/loop_blocks.h"

namespace weft {
namespace {

int64_t TieKey(const JsonEvent& e) {
  if (e.phase == 'E') return INT64_MIN;
  // A negative duration (malformed input) must not overflow the key.
  if (e.phase == 'X') return INT64_MAX - std::max<int64_t>(e.dur, 0);
  return INT64_MAX;
}

int BitsFor(uint64_t v) { return v == 0 ? 0 : 64 - __builtin_clzll(v); }

// Sorts by bits [low_bit, high_bit) only; LSD passes are stable, so keys
// equal in those bits keep their order.
void RadixSort(PodVector<uint64_t>* keys, int low_bit, int high_bit) {
  constexpr int kDigit = 12;
  PodVector<uint64_t> tmp(keys->size());
  for (int shift = low_bit; shift < high_bit; shift += kDigit) {
    size_t count[(1 << kDigit) + 1] = {0};
    const uint64_t* in = keys->data();
    auto digit = [&](uint64_t k) { return (k >> shift) & ((1 << kDigit) - 1); };
    ForEachInBlocks(0, keys->size(), [&](size_t i) { ++count[digit(in[i]) + 1]; });
    for (int i = 0; i < (1 << kDigit); ++i) count[i + 1] += count[i];
    ForEachInBlocks(0, keys->size(), [&](size_t i) { tmp[count[digit(in[i])]++] = in[i]; });
    keys->swap(tmp);
  }
}

}  // namespace

template <typename TsAt>
void JsonEventQueue::OrderTies(uint32_t* order, TsAt ts_at) const {
  // At equal timestamps Perfetto's sorter puts E first and longer X events
  // before shorter ones, but only once the trace has any X event.
  if (!saw_complete_event_) return;
  auto less = [&](uint32_t a, uint32_t b) { return TieKey(events_[a]) < TieKey(events_[b]); };
  // Orders the run [i, j) of equal timestamps.
  auto order_run = [&](size_t i, size_t j) {
    if (j - i <= 1) return;
    if (j - i <= 16) {
      // Runs are short (a few threads at the same microsecond): an
      // insertion sort, stable and without stable_sort's buffer.
      for (size_t k = i + 1; k < j; ++k) {
        uint32_t v = order[k];
        size_t m = k;
        for (; m > i && less(v, order[m - 1]); --m) order[m] = order[m - 1];
        order[m] = v;
      }
    } else {
      std::stable_sort(order + i, order + j, less);
    }
  };
  size_t n = events_.size();
  size_t run_start = 0;
  ForEachInBlocks(1, n, [&](size_t i) {
    if (ts_at(i) == ts_at(run_start)) return;
    order_run(run_start, i);
    run_start = i;
  });
  order_run(run_start, n);
}

PodVector<uint32_t> JsonEventQueue::SortedOrder() const {
  size_t n = events_.size();
  PodVector<uint32_t> order(n);
  if (n == 0) return order;
  int64_t min_ts = events_[0].ts, max_ts = events_[0].ts;
  bool sorted = true;
  ForEachInBlocks(1, n, [&](size_t i) {
    int64_t ts = events_[i].ts;
    if (ts < events_[i - 1].ts) sorted = false;
    min_ts = std::min(min_ts, ts);
    max_ts = std::max(max_ts, ts);
  });
  int index_bits = BitsFor(n);
  int ts_bits = BitsFor(static_cast<uint64_t>(max_ts - min_ts));
  if (sorted) {
    for (size_t i = 0; i < n; ++i) order[i] = static_cast<uint32_t>(i);
    OrderTies(order.data(), [&](size_t i) { return events_[i].ts; });
  } else if (index_bits + ts_bits <= 64) {
    PodVector<uint64_t> keys(n);
    ForEachInBlocks(0, n, [&](size_t i) {
      keys[i] = (static_cast<uint64_t>(events_[i].ts - min_ts) << index_bits) | i;
    });
    // Keys start in index order, so sorting on the timestamp bits alone
    // leaves equal timestamps in file order.
    RadixSort(&keys, index_bits, index_bits + ts_bits);
    uint64_t mask = (uint64_t{1} << index_bits) - 1;
    ForEachInBlocks(0, n, [&](size_t i) { order[i] = static_cast<uint32_t>(keys[i] & mask); });
    // The keys hold the timestamps in order: runs of equal ones are found
    // without reading the events at random.
    OrderTies(order.data(), [&](size_t i) { return static_cast<int64_t>(keys[i] >> index_bits); });
  } else {
    for (size_t i = 0; i < n; ++i) order[i] = static_cast<uint32_t>(i);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return events_[a].ts < events_[b].ts;
    });
    OrderTies(order.data(), [&](size_t i) { return events_[order[i]].ts; });
  }
  return order;
}

void JsonEventQueue::Clear() {
  events_.clear();
  PodVector<JsonEventExtra>().swap(extras_);
  PodVector<SideArg>().swap(side_args_);
}

}  // namespace weft
