// Columns that are NULL in most rows: one presence bit per row
// (PresenceBits) plus the present values packed.
// - SparseInt64Column: int64 cells (slice thread_ts, thread_dur, ...);
//   presence is fixed at append time, Set() may only rewrite a present cell.
// - SparseUint32Column: uint32 ids NULL in most rows (thread_state's
//   waker_utid, irq_context: only wakeups set them), values 1, 2 or 4
//   bytes wide (SparseNarrowUints);
// - EarlierRowColumn: ids of earlier rows (thread_state.waker_id) as the
//   distance back.
// The uint32 ones are written by row (Put): a NULL cell costs nothing when
// its row is inserted, the rows up to the next present one are marked
// absent a word at a time (thread_state inserts a row or two per kernel
// event, and three per-row appends of NULL were a third of its insert).
#ifndef SRC_STORAGE_SPARSE_COLUMN_H_
#define SRC_STORAGE_SPARSE_COLUMN_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "src/base/bits.h"
#include "src/base/compiler.h"
#include "src/base/pod_vector.h"

#include "src/storage/column.h"
#include "src/storage/compact_column.h"

namespace weft {

// A presence bit per row, with the count of present rows before each
// 64-row word, so a present row's index among the present ones (Rank) is
// O(1). Stores nothing while every row is absent.
class PresenceBits {
 public:
  // Inlined: thread_state appends three sparse cells a row.
  WEFT_ALWAYS_INLINE void Append(bool present) {
    if (!tracking_) {
      if (!present) {
        ++rows_;
        return;
      }
      Materialize();
    }
    if ((rows_ & 63) == 0) StartWord();
    bits_.back() |= uint64_t{present} << (rows_ & 63);
    present_ += present;
    ++rows_;
  }
  // Appends |n| absent rows: the current word's zero bits, then whole
  // words at once.
  void AppendAbsent(size_t n) {
    if (!tracking_) {
      rows_ += static_cast<uint32_t>(n);
      return;
    }
    size_t room = (64 - (rows_ & 63)) & 63;  // Rows left in the last word.
    if (n <= room) {
      rows_ += static_cast<uint32_t>(n);
      return;
    }
    n -= room;
    size_t words = (n + 63) / 64;
    std::fill_n(prefix_.append_uninitialized(words), words, present_);
    std::fill_n(bits_.append_uninitialized(words), words, uint64_t{0});
    rows_ += static_cast<uint32_t>(room + n);
  }
  // Row |row| present, the rows between the last one and it absent.
  // Requires row >= size().
  void AppendPresentAt(uint32_t row) {
    if (row > rows_) AppendAbsent(row - rows_);
    Append(true);
  }
  // Rows from size() on (not appended yet) are absent.
  bool IsPresent(uint32_t row) const {
    return tracking_ && row < rows_ && (bits_[row >> 6] >> (row & 63) & 1);
  }
  // The number of present rows before |row|.
  uint32_t Rank(uint32_t row) const {
    uint64_t below = bits_[row >> 6] & ((uint64_t{1} << (row & 63)) - 1);
    return prefix_[row >> 6] + PopCount64(below);
  }
  uint32_t size() const { return rows_; }
  size_t MemoryUsage() const { return bits_.capacity() * 8 + prefix_.capacity() * 4; }

 private:
  // A word for the next 64 rows.
  WEFT_NOINLINE void StartWord() {
    prefix_.push_back(present_);
    bits_.push_back(0);
  }
  // The first present row: the absent rows so far get their (zero) words.
  void Materialize() {
    size_t words = (rows_ + 63) / 64;
    std::fill_n(prefix_.append_uninitialized(words), words, 0u);
    std::fill_n(bits_.append_uninitialized(words), words, uint64_t{0});
    tracking_ = true;
  }

  bool tracking_ = false;  // Whether bits_ has a word per 64 rows.
  uint32_t rows_ = 0;
  uint32_t present_ = 0;
  PodVector<uint64_t> bits_;
  PodVector<uint32_t> prefix_;
};

class SparseInt64Column final : public Column {
 public:
  // A present cell holding this value reads as NULL (cleared later).
  static constexpr int64_t kNullValue = std::numeric_limits<int64_t>::min();

  SparseInt64Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}

  void Append(int64_t v) {
    present_.Append(true);
    values_.push_back(v);
  }
  void AppendNull() { present_.Append(false); }
  // Appends |n| NULL cells: whole words at once.
  void AppendNulls(size_t n) { present_.AppendAbsent(n); }
  bool IsPresent(uint32_t row) const { return present_.IsPresent(row); }
  // Requires IsPresent(row).
  void Set(uint32_t row, int64_t v) { values_[present_.Rank(row)] = v; }
  int64_t Get(uint32_t row) const { return values_[present_.Rank(row)]; }

  bool IsNull(uint32_t row) const override {
    return !IsPresent(row) || Get(row) == kNullValue;
  }
  int64_t GetInt(uint32_t row) const override { return Get(row); }
  size_t MemoryUsage() const override { return present_.MemoryUsage() + values_.capacity() * 8; }

 private:
  PresenceBits present_;
  PodVector<int64_t> values_;
};

// uint32 values, NarrowUintVector::kNull (absent) in most rows: a presence
// bit per row, the others 1, 2 or 4 bytes each. Written in row order; a
// row never Put with a value reads as kNull.
class SparseNarrowUints {
 public:
  static constexpr uint32_t kNull = NarrowUintVector::kNull;
  // Row |row|'s value; requires |row| above every row put before with a
  // value.
  WEFT_ALWAYS_INLINE void Put(uint32_t row, uint32_t v) {
    if (v == kNull) return;
    present_.AppendPresentAt(row);
    values_.push_back(v);
  }
  uint32_t operator[](uint32_t row) const {
    return present_.IsPresent(row) ? values_[present_.Rank(row)] : kNull;
  }
  size_t MemoryUsage() const { return present_.MemoryUsage() + values_.MemoryUsage(); }

 private:
  PresenceBits present_;
  NarrowUintVector values_;
};

// A Uint32Column (kNull is NULL) whose cells are mostly NULL, written by
// row in row order (Put: SparseNarrowUints).
class SparseUint32Column final : public Column {
 public:
  static constexpr uint32_t kNull = SparseNarrowUints::kNull;
  SparseUint32Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}
  WEFT_ALWAYS_INLINE void Put(uint32_t row, uint32_t v) { data_.Put(row, v); }
  uint32_t operator[](uint32_t row) const { return data_[row]; }

  bool IsNull(uint32_t row) const override { return data_[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return data_[row]; }
  size_t MemoryUsage() const override { return data_.MemoryUsage(); }

 private:
  SparseNarrowUints data_;
};

// A Uint32Column of ids of earlier rows of its table, NULL in most rows
// (thread_state's waker_id: the waker's running state, a few rows back,
// on wakeups only), stored as the distance back from the row, so a present
// cell takes a byte or two, not four. Values must not be above their row.
// Written by row in row order (Put: SparseNarrowUints).
class EarlierRowColumn final : public Column {
 public:
  static constexpr uint32_t kNull = SparseNarrowUints::kNull;
  EarlierRowColumn(Table* table, std::string name)
      : Column(table, std::move(name), ColumnType::kInt64, kNoFlags) {}
  WEFT_ALWAYS_INLINE void Put(uint32_t row, uint32_t v) {
    if (v != kNull) back_.Put(row, row - v);
  }
  uint32_t operator[](uint32_t row) const {
    uint32_t back = back_[row];
    return back == kNull ? kNull : row - back;
  }
  bool IsNull(uint32_t row) const override { return back_[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  size_t MemoryUsage() const override { return back_.MemoryUsage(); }

 private:
  SparseNarrowUints back_;
};

}  // namespace weft

#endif  // SRC_STORAGE_SPARSE_COLUMN_H_
