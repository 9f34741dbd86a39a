// SparseInt64Column: an int64 column that is NULL in most rows (thread_ts,
// thread_dur, ...). Stores one presence bit per row plus the present values
// packed; a per-word prefix count makes row lookup O(1).
// Presence is fixed at append time; Set() may only rewrite a present cell.
#ifndef SRC_STORAGE_SPARSE_COLUMN_H_
#define SRC_STORAGE_SPARSE_COLUMN_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include "src/base/pod_vector.h"

#include "src/storage/column.h"

namespace weft {

class SparseInt64Column final : public Column {
 public:
  // A present cell holding this value reads as NULL (cleared later).
  static constexpr int64_t kNullValue = std::numeric_limits<int64_t>::min();

  SparseInt64Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}

  void Append(int64_t v) { AppendBit(true); values_.push_back(v); }
  void AppendNull() { AppendBit(false); }
  // Appends |n| NULL cells: whole words at once.
  void AppendNulls(size_t n) {
    for (; n > 0 && (rows_ & 63) != 0; --n) AppendBit(false);
    size_t words = n / 64;
    std::fill_n(prefix_.append_uninitialized(words), words, static_cast<uint32_t>(values_.size()));
    std::fill_n(bits_.append_uninitialized(words), words, uint64_t{0});
    rows_ += static_cast<uint32_t>(words * 64);
    for (n -= words * 64; n > 0; --n) AppendBit(false);
  }
  bool IsPresent(uint32_t row) const {
    return bits_[row >> 6] >> (row & 63) & 1;
  }
  // Requires IsPresent(row).
  void Set(uint32_t row, int64_t v) { values_[Rank(row)] = v; }
  int64_t Get(uint32_t row) const { return values_[Rank(row)]; }

  bool IsNull(uint32_t row) const override {
    return !IsPresent(row) || values_[Rank(row)] == kNullValue;
  }
  int64_t GetInt(uint32_t row) const override { return values_[Rank(row)]; }
  size_t MemoryUsage() const {
    return bits_.capacity() * 8 + prefix_.capacity() * 4 +
           values_.capacity() * 8;
  }

 private:
  void AppendBit(bool present) {
    if ((rows_ & 63) == 0) {
      prefix_.push_back(static_cast<uint32_t>(values_.size()));
      bits_.push_back(0);
    }
    if (present) bits_.back() |= uint64_t{1} << (rows_ & 63);
    ++rows_;
  }
  uint32_t Rank(uint32_t row) const {
    uint64_t below = bits_[row >> 6] & ((uint64_t{1} << (row & 63)) - 1);
    return prefix_[row >> 6] + static_cast<uint32_t>(__builtin_popcountll(below));
  }

  uint32_t rows_ = 0;
  PodVector<uint64_t> bits_;
  PodVector<uint32_t> prefix_;
  PodVector<int64_t> values_;
};

}  // namespace weft

#endif  // SRC_STORAGE_SPARSE_COLUMN_H_
