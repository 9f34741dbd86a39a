#include "src/base/page_prefaulter.h"

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "src/base/pod_vector.h"

namespace weft {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

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

// Fills |v| to |bytes| with push_back, pausing now and then so the thread
// gets to the pages asked for (a parser would not wait; here it makes the
// prefaulted path certain, not timing-dependent).
template <typename T>
void Fill(PodVector<T>* v, size_t bytes) {
  size_t n = bytes / sizeof(T);
  for (uint64_t i = v->size(); i < n; ++i) {
    v->push_back(Value<T>(i));
    if (i % (64 * 1024) == 0) std::this_thread::sleep_for(std::chrono::microseconds(300));
  }
}

template <typename T>
void ExpectValues(const PodVector<T>& v) {
  for (uint64_t i = 0; i < v.size(); ++i) ASSERT_TRUE(v[i] == Value<T>(i)) << i;
}

template <typename T>
void FillsAndKeepsValues() {
  uint64_t before = PagePrefaulter::pages_faulted();
  PodVector<T> v;
  Fill(&v, 24 * kMiB);
  ExpectValues(v);
  EXPECT_GE(v.capacity(), v.size());
#ifdef WEFT_PAGE_PREFAULTER
  EXPECT_GT(PagePrefaulter::pages_faulted(), before);
#else
  EXPECT_EQ(PagePrefaulter::pages_faulted(), before);
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

TEST(PagePrefaulterTest, SparePagesComeFaultedIn) {
#ifdef WEFT_PAGE_PREFAULTER
  char* page = nullptr;
  for (int i = 0; i < 10000 && !page; ++i) {  // The first call starts the thread.
    page = static_cast<char*>(PagePrefaulter::TakePage());
    if (!page) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_NE(page, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(page) % kHugePageBytes, 0u);
  for (size_t at = 0; at < kHugePageBytes; at += 4096) ASSERT_EQ(page[at], 0);
  page[kHugePageBytes - 1] = 1;
  munmap(page, kHugePageBytes);
#else
  EXPECT_EQ(PagePrefaulter::TakePage(), nullptr);
#endif
}

TEST(PagePrefaulterTest, OffMeansNoPagesFaultedAhead) {
  SetPagePrefaulting(false);
  // Spares already made stay; none is handed out, no page is asked for.
  uint64_t before = PagePrefaulter::pages_faulted();
  EXPECT_EQ(PagePrefaulter::TakePage(), nullptr);
  PodVector<uint64_t> v;
  Fill(&v, 12 * kMiB);
  ExpectValues(v);
  SetPagePrefaulting(true);
  EXPECT_EQ(PagePrefaulter::pages_faulted(), before);
}

}  // namespace
}  // namespace weft
