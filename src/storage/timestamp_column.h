// TimestampColumn: an Int64Column without NULLs for the timestamps of the
// tables with the most rows (sched, thread_state, ftrace_event), in 4-byte
// cells. Rows come in blocks of kBlockRows sharing the block's first value
// as a base; a cell is the offset from it. Rows are added in about time
// order, so a block's offsets fit in int32 (2.1 s) unless the trace is
// sparse: a block with a value out of reach is kept in 8-byte cells
// instead, so no trace costs more than a plain column.
#ifndef SRC_STORAGE_TIMESTAMP_COLUMN_H_
#define SRC_STORAGE_TIMESTAMP_COLUMN_H_

#include <cstdint>
#include <string>

#include "src/base/pod_vector.h"
#include "src/storage/column.h"

namespace weft {

class TimestampColumn final : public Column {
 public:
  TimestampColumn(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}

  void Append(int64_t v) {
    if ((size_ & kBlockMask) == 0) {
      blocks_.push_back({v, static_cast<uint32_t>(narrow_.size()), false});
    }
    Block& block = blocks_.back();
    ++size_;
    if (!block.wide) {
      int64_t offset;
      if (!__builtin_sub_overflow(v, block.base, &offset) && offset >= INT32_MIN &&
          offset <= INT32_MAX) {
        narrow_.push_back(static_cast<int32_t>(offset));
        return;
      }
      Widen(&block);
    }
    wide_.push_back(v);
  }
  int64_t operator[](uint32_t row) const {
    const Block& block = blocks_[row >> kBlockBits];
    uint32_t cell = block.first + (row & kBlockMask);
    return block.wide ? wide_[cell] : block.base + narrow_[cell];
  }
  size_t size() const { return size_; }
  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  void ReserveRows(size_t rows) override { narrow_.reserve(rows); }
  size_t MemoryUsage() const {
    return narrow_.capacity() * 4 + wide_.capacity() * 8 + blocks_.capacity() * sizeof(Block);
  }

 private:
  static constexpr uint32_t kBlockBits = 10;
  static constexpr uint32_t kBlockMask = (1u << kBlockBits) - 1;
  struct Block {
    int64_t base;    // The block's first value.
    uint32_t first;  // Its first cell in narrow_ or wide_.
    bool wide;
  };
  // The last block, which holds a value its offsets cannot reach: its
  // cells so far (the end of narrow_) move to wide_.
  void Widen(Block* block) {
    uint32_t first = static_cast<uint32_t>(wide_.size());
    for (size_t c = block->first; c < narrow_.size(); ++c) wide_.push_back(block->base + narrow_[c]);
    narrow_.resize(block->first);
    block->first = first;
    block->wide = true;
  }

  PodVector<Block> blocks_;
  PodVector<int32_t> narrow_;
  PodVector<int64_t> wide_;
  uint32_t size_ = 0;
};

}  // namespace weft

#endif  // SRC_STORAGE_TIMESTAMP_COLUMN_H_
