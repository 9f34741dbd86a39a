#include "src/base/chunked_vector.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(ChunkedVectorTest, AppendsAcrossChunks) {
  ChunkedVector<uint32_t, 2> v;  // Chunks of 4.
  EXPECT_TRUE(v.empty());
  for (uint32_t i = 0; i < 10; ++i) v.push_back(i * 3);
  ASSERT_EQ(v.size(), 10u);
  for (uint32_t i = 0; i < 10; ++i) EXPECT_EQ(v[i], i * 3);
  v[5] = 7;
  EXPECT_EQ(v[5], 7u);
}

TEST(ChunkedVectorTest, ReleasedChunksLeaveTheRestReadable) {
  ChunkedVector<uint64_t, 2> v;
  for (uint64_t i = 0; i < 10; ++i) v.push_back(i);
  v.ReleaseBefore(3);  // Inside the first chunk: nothing freed.
  EXPECT_EQ(v[0], 0u);
  v.ReleaseBefore(9);  // Frees chunks 0 and 1 (indices 0-7).
  EXPECT_EQ(v.size(), 10u);
  EXPECT_EQ(v[8], 8u);
  EXPECT_EQ(v[9], 9u);
  v.ReleaseBefore(10);
  v.push_back(10);
  EXPECT_EQ(v[10], 10u);
  v.clear();
  EXPECT_TRUE(v.empty());
  v.push_back(1);
  EXPECT_EQ(v[0], 1u);
}

TEST(ChunkedVectorTest, ReleasesOneChunkOutOfOrder) {
  ChunkedVector<uint64_t, 2> v;  // Chunks of 4.
  for (uint64_t i = 0; i < 12; ++i) v.push_back(i);
  v.ReleaseChunk(1);  // Indices 4-7.
  EXPECT_EQ(v[3], 3u);
  EXPECT_EQ(v[8], 8u);
  v.ReleaseChunk(0);
  v.ReleaseBefore(8);  // Already freed: nothing twice.
  EXPECT_EQ(v[11], 11u);
  v.push_back(12);
  EXPECT_EQ(v[12], 12u);
  v.clear();  // Frees the rest once.
  EXPECT_TRUE(v.empty());
}

TEST(ChunkedVectorTest, AppendsInPlaceAndPops) {
  ChunkedVector<uint32_t, 2> v;
  for (uint32_t i = 0; i < 6; ++i) *v.append_uninitialized() = i;
  v.pop_back();
  v.pop_back();  // Back to one full chunk.
  ASSERT_EQ(v.size(), 4u);
  v.push_back(40);
  EXPECT_EQ(v[3], 3u);
  EXPECT_EQ(v[4], 40u);
}

TEST(ChunkedVectorTest, MoveBackAcrossChunks) {
  for (size_t from = 0; from < 13; ++from) {
    for (size_t to = 0; to <= from; ++to) {
      ChunkedVector<uint32_t, 2> v;  // Chunks of 4.
      std::vector<uint32_t> expected;
      for (uint32_t i = 0; i < 13; ++i) {
        v.push_back(i);
        expected.push_back(i);
      }
      v.MoveBack(from, to);
      expected.erase(expected.begin() + static_cast<long>(from));
      expected.insert(expected.begin() + static_cast<long>(to), static_cast<uint32_t>(from));
      for (size_t i = 0; i < 13; ++i) ASSERT_EQ(v[i], expected[i]) << from << "->" << to;
    }
  }
}

// Chunks of whole 2 MiB pages (the huge-page path on Linux): 2^18 8-byte
// values, 2 MiB a chunk, each chunk starting on a 2 MiB boundary there.
TEST(ChunkedVectorTest, HugePageChunks) {
  ChunkedVector<uint64_t, 18> v;
  const size_t n = 3 * (size_t{1} << 18) + 5;
  for (size_t i = 0; i < n; ++i) v.push_back(i * 3);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], i * 3);
#ifdef WEFT_CHUNKED_VECTOR_MMAP
  for (size_t c = 0; c < 4; ++c) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>(&v[c << 18]) % (size_t{2} << 20), 0u);
  }
#endif
  v.ReleaseBefore(2 << 18);
  EXPECT_EQ(v[n - 1], (n - 1) * 3);
  for (int i = 0; i < 5; ++i) v.pop_back();
  EXPECT_EQ(v.size(), size_t{3} << 18);
}

}  // namespace
}  // namespace weft
