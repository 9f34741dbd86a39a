// BlockArena: bytes handed out from blocks that never move or grow, so a
// pointer into one stays valid until its block is freed. Text kept for a
// load's life (the string pool's strings, the systrace importer's lines
// until they are sorted) is copied into it: one allocation per block, not
// one per text, and blocks of 2 MiB or more are on huge pages (PodVector).
#ifndef SRC_BASE_BLOCK_ARENA_H_
#define SRC_BASE_BLOCK_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "src/base/pod_vector.h"

namespace weft {

class BlockArena {
 public:
  // The first block holds |first_block_bytes|, the next ones |block_bytes|;
  // a larger request gets a block of its own size.
  BlockArena(size_t first_block_bytes, size_t block_bytes)
      : first_block_bytes_(first_block_bytes), block_bytes_(block_bytes) {}
  // A copy would copy no bytes (PodVector copies its size, and the blocks
  // are only reserved).
  BlockArena(const BlockArena&) = delete;
  BlockArena& operator=(const BlockArena&) = delete;
  BlockArena(BlockArena&&) = default;
  BlockArena& operator=(BlockArena&&) = default;

  struct Bytes {
    char* data;
    uint32_t block;  // Its block's index, for FreeBlock.
  };
  // Room for |size| bytes, where they stay put.
  Bytes Allocate(size_t size) {
    if (blocks_.empty() || used_ + size > blocks_.back().capacity()) AddBlock(size);
    char* at = blocks_.back().data() + used_;
    used_ += size;
    return {at, static_cast<uint32_t>(blocks_.size() - 1)};
  }
  // Frees block |block|: what was allocated in it must not be read again.
  // The other blocks keep their indices.
  void FreeBlock(uint32_t block) { PodVector<char>().swap(blocks_[block]); }
  // Frees every block.
  void Clear() {
    std::vector<PodVector<char>>().swap(blocks_);
    used_ = 0;
  }

  size_t block_count() const { return blocks_.size(); }
  size_t CapacityBytes() const {
    size_t bytes = 0;
    for (const PodVector<char>& block : blocks_) bytes += block.capacity();
    return bytes;
  }

 private:
  void AddBlock(size_t size) {
    size_t bytes = blocks_.empty() ? first_block_bytes_ : block_bytes_;
    // PodVector's noexcept move keeps each block's bytes in place as
    // blocks_ grows.
    blocks_.emplace_back();
    blocks_.back().reserve(size > bytes ? size : bytes);
    used_ = 0;
  }

  size_t first_block_bytes_, block_bytes_;
  std::vector<PodVector<char>> blocks_;  // Reserved once, never grown.
  size_t used_ = 0;                      // Of blocks_.back().
};

}  // namespace weft

#endif  // SRC_BASE_BLOCK_ARENA_H_
