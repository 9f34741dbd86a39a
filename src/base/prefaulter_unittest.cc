#include "src/base/prefaulter.h"

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "src/base/chunked_vector.h"
#include "src/base/pod_vector.h"

namespace weft {
namespace {

// 2^18 uint64_t: 2 MiB chunks, one huge page each.
using HugeChunks = ChunkedVector<uint64_t, 18>;

constexpr size_t kMiB = size_t{1} << 20;

void PauseForTheThread() { std::this_thread::sleep_for(std::chrono::microseconds(300)); }

// Sizes that do not divide a 2 MiB page: elements straddle page ends.
struct Twelve {
  uint32_t a, b, c;
};
struct TwentyFour {
  uint64_t a, b, c;
};

template <typename T>
T Value(uint64_t i);
template <>
uint64_t Value(uint64_t i) {
  return i * 0x9e3779b97f4a7c15ull;
}
template <>
Twelve Value(uint64_t i) {
  return Twelve{static_cast<uint32_t>(i), static_cast<uint32_t>(i * 7), static_cast<uint32_t>(~i)};
}
template <>
TwentyFour Value(uint64_t i) {
  return TwentyFour{i, i * 3, ~i};
}
bool operator==(const Twelve& x, const Twelve& y) { return x.a == y.a && x.b == y.b && x.c == y.c; }
bool operator==(const TwentyFour& x, const TwentyFour& y) {
  return x.a == y.a && x.b == y.b && x.c == y.c;
}

// Fills |v| to |bytes| with push_back, pausing at every 128 KiB mark (so
// also right after each ask, at 15/16 of a page) for the thread to take
// the page asked for: a parser would not wait; here it makes the
// prefaulted path certain, not up to how fast the thread wakes.
template <typename T>
void Fill(PodVector<T>* v, size_t bytes) {
  size_t n = bytes / sizeof(T);
  for (uint64_t i = v->size(); i < n; ++i) {
    v->push_back(Value<T>(i));
    if ((i * sizeof(T)) % (128 * 1024) < sizeof(T)) PauseForTheThread();
  }
}

template <typename T>
void ExpectValues(const PodVector<T>& v) {
  for (uint64_t i = 0; i < v.size(); ++i) ASSERT_TRUE(v[i] == Value<T>(i)) << i;
}

template <typename T>
void FillsAndKeepsValues() {
  uint64_t before = PagePrefaulter::steps_faulted();
  PodVector<T> v;
  Fill(&v, 24 * kMiB);
  ExpectValues(v);
  EXPECT_GE(v.capacity(), v.size());
#ifdef WEFT_PREFAULTER
  EXPECT_GT(PagePrefaulter::steps_faulted(), before);
#else
  EXPECT_EQ(PagePrefaulter::steps_faulted(), before);
#endif
}

TEST(PagePrefaulterTest, VectorsOfEightByteValuesKeepThem) { FillsAndKeepsValues<uint64_t>(); }
TEST(PagePrefaulterTest, ValuesStraddlingPageEndsAreKept) {
  FillsAndKeepsValues<Twelve>();
  FillsAndKeepsValues<TwentyFour>();
}

TEST(PagePrefaulterTest, BulkAppendsResizesAndReservesCrossPages) {
  PodVector<uint64_t> v;
  v.reserve(9 * kMiB / 8);  // Exactly: it must not move while filled to it.
  const uint64_t* reserved_at = v.data();
  Fill(&v, 9 * kMiB);
  EXPECT_EQ(v.data(), reserved_at);
  // A bulk append spanning several pages at once.
  size_t n = v.size();
  uint64_t* out = v.append_uninitialized(5 * kMiB / 8);
  for (size_t i = 0; i < 5 * kMiB / 8; ++i) out[i] = Value<uint64_t>(n + i);
  ExpectValues(v);
  size_t old = v.size();
  v.resize(old + 3 * kMiB / 8);  // Zero-filled.
  for (size_t i = old; i < v.size(); ++i) ASSERT_EQ(v[i], 0u);
  v.resize(old);
  Fill(&v, 20 * kMiB);
  ExpectValues(v);
}

TEST(PagePrefaulterTest, SwapClearShrinkAndFreeWithRequestsOpen) {
  PodVector<uint64_t> a, b;
  Fill(&a, 7 * kMiB + 1000 * 8);
  Fill(&b, 3 * kMiB + 5000 * 8);
  a.swap(b);  // Each takes the other's open request with its memory.
  Fill(&a, 6 * kMiB);
  Fill(&b, 11 * kMiB);
  ExpectValues(a);
  ExpectValues(b);
  b.clear();
  Fill(&b, 4 * kMiB);
  ExpectValues(b);
  b.shrink_to_fit();
  ExpectValues(b);
  Fill(&b, 9 * kMiB);
  ExpectValues(b);
  PodVector<uint64_t> moved(std::move(a));
  ExpectValues(moved);
  // Destructors settle the open requests (else a later vector's page could
  // be written by the thread after this memory is reused).
}

TEST(PagePrefaulterTest, MoreVectorsThanSlotsGrowingTogether) {
  std::vector<PodVector<uint64_t>> vs(3 * PagePrefaulter::kSlots);
  const size_t n = 5 * kMiB / 8;
  for (uint64_t i = 0; i < n; ++i) {
    for (auto& v : vs) v.push_back(Value<uint64_t>(i));
  }
  for (auto& v : vs) {
    ASSERT_EQ(v.size(), n);
    ExpectValues(v);
  }
}

// Vectors that stopped growing right after asking for their next step
// (as columns do at the end of a load) must not keep later ones from
// being prefaulted.
TEST(PagePrefaulterTest, StoppedVectorsHoldNoSlots) {
  std::vector<PodVector<uint64_t>> stopped(PagePrefaulter::kSlots + 2);
  // Past the asking mark (15/16) of the step that ends at 2 MiB: asked.
  for (auto& v : stopped) Fill(&v, 2 * kMiB - PagePrefaulter::kStepBytes / 32);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // Their steps come in.
  uint64_t before = PagePrefaulter::steps_faulted();
  PodVector<uint64_t> later;
  Fill(&later, 24 * kMiB);
  ExpectValues(later);
#ifdef WEFT_PREFAULTER
  EXPECT_GT(PagePrefaulter::steps_faulted(), before);
#else
  EXPECT_EQ(PagePrefaulter::steps_faulted(), before);
#endif
  for (auto& v : stopped) ExpectValues(v);
}

TEST(PrefaulterTest, OffMeansNothingNewFaultedAhead) {
  uint64_t before = PagePrefaulter::steps_faulted();
  {
    PrefaultingOff off;
    PrefaultingOff nested;  // Off until the last one goes.
    PodVector<uint64_t> v;
    Fill(&v, 12 * kMiB);
    ExpectValues(v);
    ChunkPrefaulter chunks(HugeChunks::kChunkBytes, 2);
    for (int i = 0; i < 50; ++i) {
      EXPECT_EQ(chunks.Take(), nullptr);  // Never starts.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(chunks.taken(), 0u);
  }
  EXPECT_EQ(PagePrefaulter::steps_faulted(), before);
#ifdef WEFT_PREFAULTER
  // On again: a vector's pages are faulted in ahead as before.
  PodVector<uint64_t> v;
  Fill(&v, 12 * kMiB);
  EXPECT_GT(PagePrefaulter::steps_faulted(), before);
#endif
}

// Both kinds of users at once, on the one thread: asked pages are served
// between a chunk's huge pages.
TEST(PrefaulterTest, ChunksAndPagesTogetherKeepValues) {
  ChunkPrefaulter p(HugeChunks::kChunkBytes, 2);
  HugeChunks chunked;
  chunked.set_prefaulter(&p);
  PodVector<uint64_t> a, b;
  const uint64_t n = 6 * HugeChunks::kChunkSize + 3;
  for (uint64_t i = 0; i < n; ++i) {
    chunked.push_back(i * 5);
    a.push_back(Value<uint64_t>(i));
    b.push_back(Value<uint64_t>(i));
    if ((i * 8) % (128 * 1024) < 8) PauseForTheThread();
  }
  p.Stop();
  for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(chunked[i], i * 5) << i;
  ExpectValues(a);
  ExpectValues(b);
}

// ChunkPrefaulter.


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
  p.Stop();  // Waits for the thread to leave it, unmaps what it mapped.
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
