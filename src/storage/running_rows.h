// RunningRows: which thread_state rows are the "Running" row of a sched
// slice. A context switch makes a sched slice and, for any thread but the
// idle task, a thread_state row that repeats it (ts, cpu, utid; dur while
// the thread runs): about a third of thread_state. Such a row keeps no
// cells of its own; its columns read the slice's (thread_state_columns.h).
//
// Kept as a bit per thread_state row (running or own) and a bit per sched
// row (has a running row). Running rows come in the order of their slices,
// so the k-th running row is the slice of the k-th set sched bit. Counts
// per 64-row word make both ranks a popcount away, and each row word
// remembers the sched word its first running row is in, so a lookup scans
// a word or two. About 0.3 bytes per thread_state row in all.
#ifndef SRC_STORAGE_RUNNING_ROWS_H_
#define SRC_STORAGE_RUNNING_ROWS_H_

#include <cstdint>

#include "src/base/bits.h"
#include "src/base/compiler.h"
#include "src/base/pod_vector.h"

namespace weft {

class RunningRows {
 public:
  RunningRows();
  // Appends a row with cells of its own.
  WEFT_ALWAYS_INLINE void AppendOwn() { StartRow(); }
  // Whether a running row of sched row |slice| can be appended: slices
  // come in increasing order.
  bool CanAppendRunning(uint32_t slice) const { return slice >= slice_count_; }
  // Appends the running row of sched row |slice| (CanAppendRunning).
  void AppendRunning(uint32_t slice);

  bool IsRunning(uint32_t row) const { return rows_[row >> 6] >> (row & 63) & 1; }
  // The index of own row |row| among the own rows.
  uint32_t OwnIndex(uint32_t row) const { return row - RunningBefore(row); }
  // The sched row of running row |row|. A row after the last one looked
  // up (on this thread) steps on from there: SQL reads a row's cells, then
  // the next row's.
  uint32_t SliceOf(uint32_t row) const { return SliceOfRankNear(RunningBefore(row), row >> 6); }

  // Calls own(row, own_index) or running(row, slice) for each row of
  // [first, first + count), in order: a scan's lookups without the search.
  template <typename Own, typename Running>
  void ForEach(uint32_t first, uint32_t count, Own own, Running running) const {
    uint32_t own_index = OwnIndex(first);
    uint32_t rank = RunningBefore(first);
    uint32_t slice = rank < running_ ? SliceOfRank(rank, first >> 6) : 0;
    for (uint32_t row = first; row < first + count; ++row) {
      if (IsRunning(row)) {
        running(row, slice);
        if (++rank < running_) slice = NextSlice(slice);
      } else {
        own(row, own_index++);
      }
    }
  }

  // Calls |f(slice)| for each running row's slice, in order.
  template <typename F>
  void ForEachSlice(F f) const {
    for (size_t word = 0; word < slices_.size(); ++word) {
      for (uint64_t bits = slices_[word]; bits != 0; bits &= bits - 1) {
        f(static_cast<uint32_t>(word * 64 + __builtin_ctzll(bits)));
      }
    }
  }

  size_t size() const { return size_; }
  size_t own_rows() const { return size_ - running_; }
  size_t MemoryUsage() const {
    return rows_.capacity() * 8 + running_before_.capacity() * 4 +
           first_slice_word_.capacity() * 4 + slices_.capacity() * 8 +
           slices_before_.capacity() * 4;
  }

 private:
  WEFT_ALWAYS_INLINE void StartRow() {
    if ((size_ & 63) == 0) {
      rows_.push_back(0);
      running_before_.push_back(running_);
      // The next running row's slice is at or after this word.
      first_slice_word_.push_back(static_cast<uint32_t>(slice_count_ >> 6));
    }
    ++size_;
  }
  // Running rows before |row|.
  uint32_t RunningBefore(uint32_t row) const {
    uint64_t below = rows_[row >> 6] & ((uint64_t{1} << (row & 63)) - 1);
    return running_before_[row >> 6] + PopCount64(below);
  }
  // The slice of the |rank|-th running row, in row word |row_word|.
  uint32_t SliceOfRank(uint32_t rank, uint32_t row_word) const;
  // The same, from the last one looked up when |rank| is a few after it.
  uint32_t SliceOfRankNear(uint32_t rank, uint32_t row_word) const;
  // The next sched row after |slice| that has a running row (there is one).
  uint32_t NextSlice(uint32_t slice) const {
    uint32_t next = slice + 1;
    uint32_t word = next >> 6;
    uint64_t bits = slices_[word] & (~uint64_t{0} << (next & 63));
    while (bits == 0) bits = slices_[++word];
    return word * 64 + static_cast<uint32_t>(__builtin_ctzll(bits));
  }

  PodVector<uint64_t> rows_;              // A bit per row: running.
  PodVector<uint32_t> running_before_;    // Per word of rows_.
  PodVector<uint32_t> first_slice_word_;  // Per word of rows_.
  PodVector<uint64_t> slices_;            // A bit per sched row: has a running row.
  PodVector<uint32_t> slices_before_;     // Per word of slices_: set bits before it.
  size_t size_ = 0;
  uint32_t running_ = 0;
  size_t slice_count_ = 0;  // Sched rows covered by slices_.
  // Tells this object's entries of the lookup cache from those of another
  // that had its address before.
  uint64_t id_;
};

}  // namespace weft

#endif  // SRC_STORAGE_RUNNING_ROWS_H_
