#include "src/base/chunk_prefaulter.h"

#include <chrono>
#include <cstdint>
#include <thread>

#include <gtest/gtest.h>

#include "src/base/chunked_vector.h"

namespace weft {
namespace {

// 2^18 uint64_t: 2 MiB chunks, one huge page each.
using HugeChunks = ChunkedVector<uint64_t, 18>;

#ifdef WEFT_HUGE_PAGE_MAP

// Takes from |p| until a chunk is ready (the thread maps it meanwhile), or
// gives up after 10 s.
void* TakeReady(ChunkPrefaulter* p) {
  for (int i = 0; i < 10000; ++i) {
    if (void* chunk = p->Take()) return chunk;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return nullptr;
}

TEST(ChunkPrefaulterTest, FirstTakeStartsTheThreadThenHandsOutZeroedChunks) {
  ChunkPrefaulter p(HugeChunks::kChunkBytes, 2);
  EXPECT_EQ(p.Take(), nullptr);  // Starts the thread: nothing ready yet.
  for (int n = 0; n < 3; ++n) {  // More than |ahead|: it maps again once taken.
    auto* chunk = static_cast<uint64_t*>(TakeReady(&p));
    ASSERT_NE(chunk, nullptr);
    for (size_t i = 0; i < HugeChunks::kChunkSize; i += 4096) EXPECT_EQ(chunk[i], 0u);
    chunk[HugeChunks::kChunkSize - 1] = 1;  // Writable to its end.
    munmap(chunk, HugeChunks::kChunkBytes);
  }
}

#else

TEST(ChunkPrefaulterTest, NeverHandsOutChunksWithoutHugePageMappings) {
  ChunkPrefaulter p(HugeChunks::kChunkBytes, 2);
  EXPECT_EQ(p.Take(), nullptr);
  EXPECT_EQ(p.Take(), nullptr);
}

#endif

TEST(ChunkPrefaulterTest, StoppedHandsOutNothing) {
  ChunkPrefaulter p(HugeChunks::kChunkBytes, 2);
  EXPECT_EQ(p.Take(), nullptr);
  p.Stop();  // Joins the thread, unmaps what it mapped.
  EXPECT_EQ(p.Take(), nullptr);
  p.Stop();  // Twice is harmless (the destructor stops it too).
}

TEST(ChunkPrefaulterTest, VectorKeepsItsValuesAcrossPrefaultedChunks) {
  ChunkPrefaulter p(HugeChunks::kChunkBytes, 2);
  HugeChunks v;
  v.set_prefaulter(&p);
  const uint64_t n = 5 * HugeChunks::kChunkSize + 7;
  for (uint64_t i = 0; i < n; ++i) {
    v.push_back(i * 3);
    // Give the thread time to map chunks ahead now and then, so later
    // chunks come from it (in the test; a reader would not wait).
    if (i % HugeChunks::kChunkSize == 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
#ifdef WEFT_HUGE_PAGE_MAP
  EXPECT_GT(p.taken(), 0u);
#endif
  p.Stop();
  v.push_back(1);  // Maps its own chunk once stopped.
  ASSERT_EQ(v.size(), n + 1);
  for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(v[i], i * 3) << i;
  EXPECT_EQ(v[n], 1u);
  v.ReleaseBefore(2 * HugeChunks::kChunkSize);  // Prefaulted chunks free like its own.
  EXPECT_EQ(v[n - 1], (n - 1) * 3);
}

TEST(ChunkPrefaulterDeathTest, RefusesChunksOfAnotherSize) {
  ChunkPrefaulter p(HugeChunks::kChunkBytes * 2, 2);
  HugeChunks v;
  EXPECT_DEATH(v.set_prefaulter(&p), "");
}

}  // namespace
}  // namespace weft
