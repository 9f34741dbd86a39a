// RunningRows: the thread_state rows that are a sched slice's Running row.
#include "src/storage/running_rows.h"

#include <atomic>

namespace weft {
namespace {

// The position of the |k|-th set bit of |word| (k < its popcount), found
// by halving: six popcounts instead of up to 63 steps.
uint32_t SelectInWord(uint64_t word, uint32_t k) {
  uint32_t pos = 0;
  for (uint32_t half = 32; half > 0; half /= 2) {
    uint64_t low = word & ((uint64_t{1} << half) - 1);
    uint32_t in_low = PopCount64(low);
    if (k >= in_low) {
      k -= in_low;
      word >>= half;
      pos += half;
    } else {
      word = low;
    }
  }
  return pos;
}

// The last slice looked up on this thread (a lookup is const and may run
// on any thread; rows are only appended, so an entry never goes stale).
struct LastLookup {
  uint64_t owner = 0;  // RunningRows::id_; 0: none.
  uint32_t rank = 0;
  uint32_t slice = 0;
};
thread_local LastLookup last_lookup;

std::atomic<uint64_t> next_id{1};

}  // namespace

RunningRows::RunningRows() : id_(next_id.fetch_add(1, std::memory_order_relaxed)) {}

uint32_t RunningRows::SliceOfRankNear(uint32_t rank, uint32_t row_word) const {
  constexpr uint32_t kMaxSteps = 8;
  LastLookup& last = last_lookup;
  if (last.owner == id_ && rank >= last.rank && rank - last.rank <= kMaxSteps) {
    for (; last.rank < rank; ++last.rank) last.slice = NextSlice(last.slice);
    return last.slice;
  }
  last = {id_, rank, SliceOfRank(rank, row_word)};
  return last.slice;
}

void RunningRows::AppendRunning(uint32_t slice) {
  uint32_t row = static_cast<uint32_t>(size_);
  StartRow();
  rows_.back() |= uint64_t{1} << (row & 63);
  // The sched rows since the last running row's have none.
  while (slice_count_ <= slice) {
    if ((slice_count_ & 63) == 0) {
      slices_.push_back(0);
      slices_before_.push_back(running_);
    }
    ++slice_count_;
  }
  slices_.back() |= uint64_t{1} << (slice & 63);
  ++running_;
}

uint32_t RunningRows::SliceOfRank(uint32_t rank, uint32_t row_word) const {
  uint32_t word = first_slice_word_[row_word];
  while (rank >= slices_before_[word] + PopCount64(slices_[word])) {
    ++word;
  }
  return word * 64 + SelectInWord(slices_[word], rank - slices_before_[word]);
}

}  // namespace weft
