#include "src/base/pod_vector.h"

#include <cstdint>
#include <utility>

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(PodVectorTest, StartsEmpty) {
  PodVector<int> v;
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.size(), 0u);
  EXPECT_EQ(v.begin(), v.end());
}

TEST(PodVectorTest, PushBackKeepsContentsAcrossGrowth) {
  PodVector<int64_t> v;
  for (int64_t i = 0; i < 100000; ++i) {
    v.push_back(i * 3);
    ASSERT_EQ(v.back(), i * 3);
  }
  ASSERT_EQ(v.size(), 100000u);
  EXPECT_GE(v.capacity(), v.size());
  for (int64_t i = 0; i < 100000; ++i) ASSERT_EQ(v[static_cast<size_t>(i)], i * 3);
  v.pop_back();
  EXPECT_EQ(v.size(), 99999u);
  EXPECT_EQ(v.back(), 99998 * 3);
}

TEST(PodVectorTest, ResizeZeroFillsNewElements) {
  PodVector<uint32_t> v;
  v.push_back(7);
  v.resize(1000);
  ASSERT_EQ(v.size(), 1000u);
  EXPECT_EQ(v[0], 7u);
  for (size_t i = 1; i < v.size(); ++i) ASSERT_EQ(v[i], 0u);
  // Shrinking then growing again must not resurrect old values.
  for (size_t i = 0; i < v.size(); ++i) v[i] = 42;
  v.resize(10);
  v.resize(20);
  for (size_t i = 0; i < 10; ++i) EXPECT_EQ(v[i], 42u);
  for (size_t i = 10; i < 20; ++i) EXPECT_EQ(v[i], 0u);
}

TEST(PodVectorTest, ResizeWithValue) {
  PodVector<int> v;
  v.push_back(1);
  v.resize(5, 9);
  ASSERT_EQ(v.size(), 5u);
  EXPECT_EQ(v[0], 1);
  for (size_t i = 1; i < 5; ++i) EXPECT_EQ(v[i], 9);
  v.resize(2, 3);
  EXPECT_EQ(v.size(), 2u);
  EXPECT_EQ(v[1], 9);
}

TEST(PodVectorTest, AssignReplacesContents) {
  PodVector<int> v(10, 1);
  ASSERT_EQ(v.size(), 10u);
  v.assign(3, 5);
  ASSERT_EQ(v.size(), 3u);
  for (int x : v) EXPECT_EQ(x, 5);
  v.assign(50, -1);
  ASSERT_EQ(v.size(), 50u);
  for (int x : v) EXPECT_EQ(x, -1);
}

TEST(PodVectorTest, SizedConstructorZeroes) {
  PodVector<double> v(17);
  ASSERT_EQ(v.size(), 17u);
  for (double d : v) EXPECT_EQ(d, 0.0);
}

TEST(PodVectorTest, EraseRange) {
  PodVector<int> v;
  for (int i = 0; i < 10; ++i) v.push_back(i);
  v.erase(v.begin() + 2, v.begin() + 5);  // Removes 2, 3, 4.
  ASSERT_EQ(v.size(), 7u);
  const int expected[] = {0, 1, 5, 6, 7, 8, 9};
  for (size_t i = 0; i < 7; ++i) EXPECT_EQ(v[i], expected[i]);
  v.erase(v.begin() + 5, v.end());  // Tail.
  ASSERT_EQ(v.size(), 5u);
  EXPECT_EQ(v.back(), 7);
  v.erase(v.begin(), v.begin());  // Empty range.
  EXPECT_EQ(v.size(), 5u);
  v.erase(v.begin(), v.end());
  EXPECT_TRUE(v.empty());
}

TEST(PodVectorTest, Swap) {
  PodVector<int> a(3, 1), b(5, 2);
  a.swap(b);
  ASSERT_EQ(a.size(), 5u);
  ASSERT_EQ(b.size(), 3u);
  for (int x : a) EXPECT_EQ(x, 2);
  for (int x : b) EXPECT_EQ(x, 1);
}

TEST(PodVectorTest, ReserveKeepsContentsAndSize) {
  PodVector<int> v;
  for (int i = 0; i < 5; ++i) v.push_back(i);
  v.reserve(10000);
  EXPECT_GE(v.capacity(), 10000u);
  ASSERT_EQ(v.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(v[static_cast<size_t>(i)], i);
  const int* data = v.data();
  for (int i = 5; i < 10000; ++i) v.push_back(i);
  EXPECT_EQ(v.data(), data) << "no reallocation within reserved capacity";
  v.reserve(1);  // Never shrinks.
  EXPECT_GE(v.capacity(), 10000u);
}

TEST(PodVectorTest, ClearAndShrinkToFit) {
  PodVector<int> v(100, 3);
  v.resize(10);
  v.shrink_to_fit();
  EXPECT_EQ(v.capacity(), 10u);
  for (int x : v) EXPECT_EQ(x, 3);
  v.clear();
  EXPECT_TRUE(v.empty());
  v.shrink_to_fit();
  EXPECT_EQ(v.capacity(), 0u);
  v.push_back(4);  // Still usable after freeing.
  EXPECT_EQ(v[0], 4);
}

TEST(PodVectorTest, CopyAndMove) {
  PodVector<int> a;
  for (int i = 0; i < 40; ++i) a.push_back(i);
  PodVector<int> b(a);
  ASSERT_EQ(b.size(), 40u);
  b[0] = 100;
  EXPECT_EQ(a[0], 0) << "copies are independent";
  PodVector<int> c;
  c.push_back(1);
  c = a;
  ASSERT_EQ(c.size(), 40u);
  EXPECT_EQ(c[39], 39);
  PodVector<int>& self = c;
  c = self;  // Self-assignment keeps contents.
  EXPECT_EQ(c.size(), 40u);
  PodVector<int> d(std::move(c));
  ASSERT_EQ(d.size(), 40u);
  EXPECT_EQ(d[10], 10);
  PodVector<int> e;
  e = std::move(d);
  ASSERT_EQ(e.size(), 40u);
  EXPECT_EQ(e[20], 20);
}

TEST(PodVectorTest, KeepsContentsThroughMappedSizes) {
  // From 256 KiB its own mapping (Linux).
  PodVector<uint32_t> v;
  const uint32_t n = 3 << 20;  // 12 MiB.
  for (uint32_t i = 0; i < n; ++i) v.push_back(i * 7);
  ASSERT_EQ(v.size(), n);
  for (uint32_t i = 0; i < n; i += 4093) ASSERT_EQ(v[i], i * 7);
  EXPECT_EQ(v[n - 1], (n - 1) * 7);
  v.reserve(size_t{n} * 2);  // A mapping grown in place or moved.
  EXPECT_EQ(v[n - 1], (n - 1) * 7);
  v.resize(100);
  v.shrink_to_fit();  // Back to malloc.
  for (uint32_t i = 0; i < 100; ++i) ASSERT_EQ(v[i], i * 7);
}

TEST(PodVectorTest, GrowsAMappingReservedUpFront) {
  PodVector<uint32_t> v;
  const uint32_t n = 3 << 20;
  v.reserve(n);  // Mapped at once.
  for (uint32_t i = 0; i < n; ++i) v.push_back(i);
  v.push_back(n);  // Grown with mremap.
  ASSERT_EQ(v.size(), size_t{n} + 1);
  for (uint32_t i = 0; i <= n; i += 4093) ASSERT_EQ(v[i], i);
  EXPECT_EQ(v[n], n);
}

TEST(PodVectorTest, GrowsASmallMappingReservedUpFront) {
  PodVector<uint8_t> v;
  const uint32_t n = 1 << 20;  // 1 MiB: a mapping of 4 KiB pages.
  v.reserve(n);
  EXPECT_EQ(v.capacity(), n);
  for (uint32_t i = 0; i < n; ++i) v.push_back(static_cast<uint8_t>(i * 13));
  v.push_back(7);
#ifdef WEFT_POD_VECTOR_MREMAP
  EXPECT_EQ(v.capacity(), size_t{3} << 19);  // Grown by half (whole steps).
#endif
  for (uint32_t i = 0; i < n; i += 4093) ASSERT_EQ(v[i], static_cast<uint8_t>(i * 13));
  EXPECT_EQ(v[n], 7);
}

struct Pair {
  int32_t a;
  int64_t b;
};

TEST(PodVectorTest, StructElements) {
  PodVector<Pair> v;
  for (int i = 0; i < 1000; ++i) v.push_back({i, int64_t{i} << 33});
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(v[static_cast<size_t>(i)].a, i);
    ASSERT_EQ(v[static_cast<size_t>(i)].b, int64_t{i} << 33);
  }
}

}  // namespace
}  // namespace weft
