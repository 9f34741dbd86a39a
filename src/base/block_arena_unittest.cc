#include "src/base/block_arena.h"

#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace weft {
namespace {

TEST(BlockArenaTest, KeepsBytesInPlaceAcrossBlocks) {
  BlockArena arena(/*first_block_bytes=*/64, /*block_bytes=*/128);
  std::vector<std::pair<char*, std::string>> kept;
  for (int i = 0; i < 200; ++i) {
    std::string text = "text " + std::to_string(i);
    BlockArena::Bytes b = arena.Allocate(text.size());
    memcpy(b.data, text.data(), text.size());
    kept.emplace_back(b.data, text);
  }
  EXPECT_GT(arena.block_count(), 10u);
  for (const auto& [data, text] : kept) EXPECT_EQ(std::string(data, text.size()), text);
}

TEST(BlockArenaTest, FirstBlockThenBlockSizes) {
  BlockArena arena(/*first_block_bytes=*/16, /*block_bytes=*/100);
  EXPECT_EQ(arena.Allocate(10).block, 0u);
  EXPECT_EQ(arena.Allocate(6).block, 0u);  // Exactly fills the first block.
  EXPECT_EQ(arena.Allocate(1).block, 1u);
  EXPECT_GE(arena.CapacityBytes(), 116u);
  EXPECT_LT(arena.CapacityBytes(), 116u + 32u);  // No block larger than asked.
}

TEST(BlockArenaTest, LargeRequestGetsABlockOfItsOwn) {
  BlockArena arena(/*first_block_bytes=*/16, /*block_bytes=*/16);
  arena.Allocate(4);
  BlockArena::Bytes big = arena.Allocate(1000);
  EXPECT_EQ(big.block, 1u);
  memset(big.data, 'x', 1000);
  EXPECT_EQ(arena.Allocate(4).block, 2u);  // The big block is full.
}

TEST(BlockArenaTest, FreeBlockKeepsOtherBlocksAndIndices) {
  BlockArena arena(/*first_block_bytes=*/8, /*block_bytes=*/8);
  BlockArena::Bytes a = arena.Allocate(8);
  BlockArena::Bytes b = arena.Allocate(8);
  memcpy(b.data, "bbbbbbbb", 8);
  arena.FreeBlock(a.block);
  EXPECT_EQ(std::string(b.data, 8), "bbbbbbbb");
  EXPECT_EQ(arena.Allocate(8).block, 2u);
  arena.Clear();
  EXPECT_EQ(arena.block_count(), 0u);
  EXPECT_EQ(arena.Allocate(1).block, 0u);
}

}  // namespace
}  // namespace weft
