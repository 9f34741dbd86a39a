// TimestampColumn: an Int64Column without NULLs for the timestamps of the
// tables with the most rows (sched, thread_state, ftrace_event), in 3- or
// 4-byte cells. Rows come in blocks of 1024 sharing a base; a cell is the
// offset from it. Rows are added in about time order, so a block's offsets
// fit in int32 (2.1 s) unless the trace is sparse: a block with a value
// out of reach is kept in 8-byte cells instead, so no trace costs more
// than a plain column. A full block whose values span less than 2^24 (16.7
// ms: a busy trace's) is repacked into 3-byte offsets from its smallest.
#ifndef SRC_STORAGE_TIMESTAMP_COLUMN_H_
#define SRC_STORAGE_TIMESTAMP_COLUMN_H_

#include <algorithm>
#include <cstdint>
#include <string>

#include "src/base/compiler.h"
#include "src/base/loop_blocks.h"
#include "src/base/pod_vector.h"
#include "src/storage/column.h"

namespace weft {

class TimestampColumn final : public Column {
 public:
  TimestampColumn(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}

  // Inlined: the tables with the most rows append a timestamp per row; a
  // new block's packing and a widening are out of line.
  WEFT_ALWAYS_INLINE void Append(int64_t v) {
    if ((size_ & kBlockMask) == 0) {
      if (size_ != 0) Pack(&blocks_.back());
      blocks_.push_back({v, static_cast<uint32_t>(narrow_.size()), kFour});
    }
    Block& block = blocks_.back();
    ++size_;
    if (block.cells == kFour) {
      int32_t offset;
      if (OffsetFrom(block.base, v, &offset)) {
        narrow_.push_back(offset);
        return;
      }
      Widen(&block);
    }
    wide_.push_back(v);
  }
  // Appends |n| values: a block's worth at a time, one check of the block
  // per value instead of Append's several.
  void AppendBlock(const int64_t* values, size_t n) {
    while (n > 0) {
      if ((size_ & kBlockMask) == 0 || blocks_.back().cells != kFour) {
        Append(*values++);
        --n;
        continue;
      }
      const Block& block = blocks_.back();
      size_t room = std::min<size_t>(n, kBlockMask + 1 - (size_ & kBlockMask));
      int32_t* out = narrow_.append_uninitialized(room);
      size_t i = 0;
      while (i < room && OffsetFrom(block.base, values[i], &out[i])) ++i;
      narrow_.resize(narrow_.size() - (room - i));
      size_ += static_cast<uint32_t>(i);
      values += i;
      n -= i;
      if (i < room) {  // Out of the block's reach: Append widens it.
        Append(*values++);
        --n;
      }
    }
  }
  int64_t operator[](uint32_t row) const {
    const Block& block = blocks_[row >> kBlockBits];
    uint32_t cell = block.first + (row & kBlockMask);
    switch (block.cells) {
      case kThree: {
        const uint8_t* p = &packed_[size_t{cell} * 3];
        return block.base + (p[0] | (p[1] << 8) | (uint32_t{p[2]} << 16));
      }
      case kFour:
        return block.base + narrow_[cell];
      default:
        return wide_[cell];
    }
  }
  size_t size() const { return size_; }
  // Whether no value is below the one before it. Read block by block:
  // row by row it was two block lookups per row (~2% of a kernel trace's
  // load, where sched and thread_state are checked).
  bool IsNonDecreasing() const {
    bool sorted = true;
    ForEachInBlocks(0, blocks_.size(), [&](size_t b) {
      uint32_t first = static_cast<uint32_t>(b << kBlockBits);
      uint32_t rows = std::min<uint32_t>(size_ - first, kBlockMask + 1);
      if (b > 0) sorted &= !((*this)[first] < (*this)[first - 1]);
      sorted &= BlockIsNonDecreasing(blocks_[b], rows);
    });
    return sorted;
  }
  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  bool ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const override {
    Read(first, count, out);
    return true;
  }
  // Rows [first, first + count) into |out|: a block's layout tested once.
  void Read(uint32_t first, uint32_t count, int64_t* out) const {
    while (count > 0) {
      const Block& block = blocks_[first >> kBlockBits];
      uint32_t in_block = first & kBlockMask;
      uint32_t n = std::min(count, kBlockMask + 1 - in_block);
      uint32_t cell = block.first + in_block;
      switch (block.cells) {
        case kThree: {
          const uint8_t* p = &packed_[size_t{cell} * 3];
          for (uint32_t i = 0; i < n; ++i, p += 3) {
            out[i] = block.base + (p[0] | (p[1] << 8) | (uint32_t{p[2]} << 16));
          }
          break;
        }
        case kFour: {
          const int32_t* cells = &narrow_[cell];
          for (uint32_t i = 0; i < n; ++i) out[i] = block.base + cells[i];
          break;
        }
        default:
          std::copy_n(&wide_[cell], n, out);
          break;
      }
      first += n;
      count -= n;
      out += n;
    }
  }
  void ReserveRows(size_t rows) override { narrow_.reserve(rows); }
  size_t MemoryUsage() const override {
    return packed_.capacity() + narrow_.capacity() * 4 + wide_.capacity() * 8 +
           blocks_.capacity() * sizeof(Block);
  }

 private:
  static constexpr uint32_t kBlockBits = 10;
  static constexpr uint32_t kBlockMask = (1u << kBlockBits) - 1;
  enum Cells : uint8_t { kThree, kFour, kEight };
  // Whether |v| is within a 4-byte offset of |base|; if so, the offset.
  WEFT_ALWAYS_INLINE static bool OffsetFrom(int64_t base, int64_t v, int32_t* offset) {
    int64_t wide;
    if (__builtin_sub_overflow(v, base, &wide) || wide < INT32_MIN || wide > INT32_MAX) {
      return false;
    }
    *offset = static_cast<int32_t>(wide);
    return true;
  }
  struct Block {
    int64_t base;    // The block's first value (kThree: its smallest).
    uint32_t first;  // Its first cell in packed_, narrow_ or wide_.
    Cells cells;
  };
  // Whether a block's |rows| values never decrease (its cells are offsets
  // from one base, or values: compared as they are).
  bool BlockIsNonDecreasing(const Block& block, uint32_t rows) const {
    bool sorted = true;
    switch (block.cells) {
      case kThree: {
        const uint8_t* p = &packed_[size_t{block.first} * 3];
        uint32_t prev = 0;
        for (uint32_t c = 0; c < rows; ++c, p += 3) {
          uint32_t cur = p[0] | (p[1] << 8) | (uint32_t{p[2]} << 16);
          sorted &= cur >= prev;
          prev = cur;
        }
        return sorted;
      }
      case kFour: {
        const int32_t* cells = &narrow_[block.first];
        for (uint32_t c = 1; c < rows; ++c) sorted &= cells[c] >= cells[c - 1];
        return sorted;
      }
      default: {
        const int64_t* cells = &wide_[block.first];
        for (uint32_t c = 1; c < rows; ++c) sorted &= cells[c] >= cells[c - 1];
        return sorted;
      }
    }
  }
  // A full block, the last: when in 4-byte offsets that span less than
  // 2^24, its cells (the end of narrow_) move to packed_, 3 bytes each.
  WEFT_NOINLINE void Pack(Block* block) {
    if (block->cells != kFour) return;
    const int32_t* cells = &narrow_[block->first];
    int32_t lo = cells[0], hi = cells[0];
    for (uint32_t c = 1; c <= kBlockMask; ++c) {
      lo = cells[c] < lo ? cells[c] : lo;
      hi = cells[c] > hi ? cells[c] : hi;
    }
    if (int64_t{hi} - lo >= (int64_t{1} << 24)) return;
    uint32_t first = static_cast<uint32_t>(packed_.size() / 3);
    uint8_t* out = packed_.append_uninitialized(size_t{kBlockMask + 1} * 3);
    for (uint32_t c = 0; c <= kBlockMask; ++c, out += 3) {
      uint32_t offset = static_cast<uint32_t>(cells[c] - lo);
      out[0] = static_cast<uint8_t>(offset);
      out[1] = static_cast<uint8_t>(offset >> 8);
      out[2] = static_cast<uint8_t>(offset >> 16);
    }
    narrow_.resize(block->first);
    block->base += lo;
    block->first = first;
    block->cells = kThree;
  }
  // The last block, which holds a value its offsets cannot reach: its
  // cells so far (the end of narrow_) move to wide_.
  WEFT_NOINLINE void Widen(Block* block) {
    uint32_t first = static_cast<uint32_t>(wide_.size());
    for (size_t c = block->first; c < narrow_.size(); ++c) wide_.push_back(block->base + narrow_[c]);
    narrow_.resize(block->first);
    block->first = first;
    block->cells = kEight;
  }

  PodVector<Block> blocks_;
  PodVector<uint8_t> packed_;
  PodVector<int32_t> narrow_;
  PodVector<int64_t> wide_;
  uint32_t size_ = 0;
};

}  // namespace weft

#endif  // SRC_STORAGE_TIMESTAMP_COLUMN_H_
