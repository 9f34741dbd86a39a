// Two more compact columns for the tables with a row per kernel event
// (sched, thread_state, ftrace_event), beside compact_column.h's:
// - UcpuColumn: ucpu, which equals cpu on a single machine, stored only
//   where it differs from the row's cpu (nothing at all on most traces);
// - SmallInt64Column: small non-negative numbers without NULLs (sched
//   priorities) in the fewest bytes that hold them, others kept aside;
// - RecentIdColumn: ids that mostly grow with the rows (ftrace_event's
//   arg_set_id: new sets, or recent ones shared) in 2-byte offsets.
#ifndef SRC_STORAGE_SCHED_COLUMNS_H_
#define SRC_STORAGE_SCHED_COLUMNS_H_

#include <cstdint>
#include <string>
#include <unordered_map>

#include "src/base/pod_vector.h"
#include "src/storage/column.h"
#include "src/storage/compact_column.h"

namespace weft {

// A Uint32Column (kNull for NULL) that mostly holds the values of another
// column of its table, |same_as| (ucpu = cpu). A cell stores the bits in
// which the two differ, flipped, so equal cells are NarrowUintVector NULLs:
// no bytes while every row agrees. |same_as| must get each row's value
// first (Append / Set it before this column).
class UcpuColumn final : public Column {
 public:
  static constexpr uint32_t kNull = NarrowUintVector::kNull;
  UcpuColumn(Table* table, std::string name, const Column* same_as)
      : Column(table, std::move(name), ColumnType::kInt64, kNoFlags), same_as_(same_as) {}
  void Append(uint32_t v) { diff_.push_back(Diff(v, static_cast<uint32_t>(diff_.size()))); }
  // The same, given the value the row's |same_as| cell got (not read back
  // from its compact cells).
  void Append(uint32_t v, uint32_t same) { diff_.push_back(DiffOf(v, same)); }
  void AppendNull() { Append(kNull); }
  void Set(uint32_t row, uint32_t v) { diff_.Set(row, Diff(v, row)); }
  uint32_t operator[](uint32_t row) const { return diff_[row] ^ kNull ^ SameAs(row); }
  size_t size() const { return diff_.size(); }

  bool IsNull(uint32_t row) const override { return (*this)[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  void ReserveRows(size_t rows) override { diff_.reserve(rows); }
  size_t MemoryUsage() const override { return diff_.MemoryUsage(); }

 private:
  // The cell of |v| in a row whose |same_as| value is |same|.
  static uint32_t DiffOf(uint32_t v, uint32_t same) { return v ^ same ^ kNull; }
  uint32_t Diff(uint32_t v, uint32_t row) const { return DiffOf(v, SameAs(row)); }
  // The |same_as| cell (a uint32 column: NULL reads as kNull).
  uint32_t SameAs(uint32_t row) const { return static_cast<uint32_t>(same_as_->GetInt(row)); }

  const Column* same_as_;
  NarrowUintVector diff_;
};

// An Int64Column without NULLs whose values are mostly in [0, 2^32 - 2):
// a cell is the value + 1 at 1, 2 or 4 bytes; 0 marks a value kept aside
// (negative or large), so a kernel priority (0..139) takes one byte.
class SmallInt64Column final : public Column {
 public:
  SmallInt64Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}
  // Inlined: sched appends one a row.
  WEFT_ALWAYS_INLINE void Append(int64_t v) {
    if (Fits(v)) {
      cells_.push_back(static_cast<uint32_t>(v) + 1);
    } else {
      wide_[static_cast<uint32_t>(cells_.size())] = v;
      cells_.push_back(kAside);
    }
  }
  void Set(uint32_t row, int64_t v) {
    if (Fits(v)) {
      if (cells_[row] == kAside) wide_.erase(row);
      cells_.Set(row, static_cast<uint32_t>(v) + 1);
    } else {
      cells_.Set(row, kAside);
      wide_[row] = v;
    }
  }
  int64_t operator[](uint32_t row) const {
    uint32_t cell = cells_[row];
    return cell != kAside ? int64_t{cell} - 1 : wide_.at(row);
  }
  size_t size() const { return cells_.size(); }
  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  void ReserveRows(size_t rows) override { cells_.reserve(rows); }
  size_t MemoryUsage() const override { return cells_.MemoryUsage() + wide_.size() * 32; }

 private:
  static constexpr uint32_t kAside = 0;
  // Whether |v| + 1 is a cell: below NarrowUintVector's NULL.
  static bool Fits(int64_t v) { return v >= 0 && v < int64_t{NarrowUintVector::kNull} - 1; }
  NarrowUintVector cells_;
  std::unordered_map<uint32_t, int64_t> wide_;
};

// An append-only Uint32Column (kNull for NULL) of ids near each other in
// nearby rows. Rows come in blocks of 1024 sharing a base (the block's
// first non-NULL id); a cell is the int16 offset from it. A block with an
// id out of reach keeps 4-byte cells instead.
class RecentIdColumn final : public Column {
 public:
  static constexpr uint32_t kNull = NarrowUintVector::kNull;
  RecentIdColumn(Table* table, std::string name)
      : Column(table, std::move(name), ColumnType::kInt64, kNoFlags) {}
  void Append(uint32_t v) {
    if ((size_ & kBlockMask) == 0) {
      blocks_.push_back({kNull, static_cast<uint32_t>(narrow_.size()), false});
    }
    Block& block = blocks_.back();
    ++size_;
    if (!block.wide) {
      if (v == kNull) {
        narrow_.push_back(kNullCell);
        return;
      }
      if (block.base == kNull) block.base = v;
      int64_t offset = int64_t{v} - block.base;
      if (offset > kNullCell && offset <= INT16_MAX) {
        narrow_.push_back(static_cast<int16_t>(offset));
        return;
      }
      Widen(&block);
    }
    wide_.push_back(v);
  }
  void AppendNull() { Append(kNull); }
  uint32_t operator[](uint32_t row) const {
    const Block& block = blocks_[row >> kBlockBits];
    uint32_t cell = block.first + (row & kBlockMask);
    if (block.wide) return wide_[cell];
    int16_t offset = narrow_[cell];
    return offset == kNullCell ? kNull : block.base + static_cast<uint32_t>(int32_t{offset});
  }
  size_t size() const { return size_; }
  bool IsNull(uint32_t row) const override { return (*this)[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  void ReserveRows(size_t rows) override { narrow_.reserve(rows); }
  size_t MemoryUsage() const override {
    return narrow_.capacity() * 2 + wide_.capacity() * 4 + blocks_.capacity() * sizeof(Block);
  }

 private:
  static constexpr uint32_t kBlockBits = 10;
  static constexpr uint32_t kBlockMask = (1u << kBlockBits) - 1;
  static constexpr int16_t kNullCell = INT16_MIN;
  struct Block {
    uint32_t base;   // The block's first non-NULL id (kNull: none yet).
    uint32_t first;  // Its first cell in narrow_ or wide_.
    bool wide;
  };
  // The last block, which got an id its offsets cannot reach: its cells so
  // far (the end of narrow_) move to wide_.
  void Widen(Block* block) {
    uint32_t first = static_cast<uint32_t>(wide_.size());
    for (size_t c = block->first; c < narrow_.size(); ++c) {
      wide_.push_back(narrow_[c] == kNullCell ? kNull
                                              : block->base + static_cast<uint32_t>(int32_t{narrow_[c]}));
    }
    narrow_.resize(block->first);
    block->first = first;
    block->wide = true;
  }

  PodVector<Block> blocks_;
  PodVector<int16_t> narrow_;
  PodVector<uint32_t> wide_;
  uint32_t size_ = 0;
};

}  // namespace weft

#endif  // SRC_STORAGE_SCHED_COLUMNS_H_
