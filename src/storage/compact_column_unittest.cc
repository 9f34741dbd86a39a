// Unit tests of the compact columns: cells read back as appended and set
// across every widening, NULLs kept, dictionary codes past the scanned few.
#include "src/storage/compact_column.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(NarrowUintVectorTest, AllNullStoresNothing) {
  NarrowUintVector v;
  for (int i = 0; i < 100; ++i) v.push_back(NarrowUintVector::kNull);
  EXPECT_EQ(v.size(), 100u);
  EXPECT_EQ(v.width(), 0u);
  EXPECT_EQ(v.MemoryUsage(), 0u);
  EXPECT_EQ(v[57], NarrowUintVector::kNull);
}

TEST(NarrowUintVectorTest, WidensKeepingValuesAndNulls) {
  NarrowUintVector v;
  const uint32_t kNull = NarrowUintVector::kNull;
  std::vector<uint32_t> expected = {kNull, 3, 254, kNull};
  for (uint32_t x : expected) v.push_back(x);
  EXPECT_EQ(v.width(), 1u);
  for (uint32_t x : {255u, 65534u, kNull}) {
    expected.push_back(x);
    v.push_back(x);
  }
  EXPECT_EQ(v.width(), 2u);
  expected.push_back(65535u);
  v.push_back(65535u);
  expected.push_back(kNull - 1);
  v.push_back(kNull - 1);
  EXPECT_EQ(v.width(), 4u);
  ASSERT_EQ(v.size(), expected.size());
  for (uint32_t r = 0; r < expected.size(); ++r) EXPECT_EQ(v[r], expected[r]) << r;
}

TEST(NarrowUintVectorTest, WidensInPlaceAtMillionsOfRows) {
  // Past the size where cells are a mapping of their own (PodVector):
  // all-NULL cells widened to 1 byte, then to 4; NULLs and values where
  // they were.
  const uint32_t kNull = NarrowUintVector::kNull;
  auto expected = [&](uint32_t row) { return row % 5 == 0 ? kNull : row % 250; };
  NarrowUintVector v;
  const uint32_t kRows = 3000000;
  for (uint32_t r = 0; r < kRows; ++r) v.push_back(r < 1000 ? kNull : expected(r));
  EXPECT_EQ(v.width(), 1u);
  v.push_back(70000);
  EXPECT_EQ(v.width(), 4u);
  ASSERT_EQ(v.size(), kRows + 1);
  for (uint32_t r = 0; r < kRows; ++r) {
    ASSERT_EQ(v[r], r < 1000 ? kNull : expected(r)) << r;
  }
  EXPECT_EQ(v[kRows], 70000u);
}

TEST(NarrowUintVectorTest, WidensFromAllNull) {
  NarrowUintVector v;
  for (int i = 0; i < 3000; ++i) v.push_back(NarrowUintVector::kNull);
  v.push_back(1000);
  EXPECT_EQ(v.width(), 2u);
  for (uint32_t r = 0; r < 3000; ++r) ASSERT_EQ(v[r], NarrowUintVector::kNull) << r;
  EXPECT_EQ(v[3000], 1000u);
}

TEST(NarrowUintVectorTest, ReserveHoldsThroughWidening) {
  NarrowUintVector v;
  v.reserve(1000);
  EXPECT_EQ(v.MemoryUsage(), 0u);  // Width 0: nothing stored yet.
  v.push_back(7);
  EXPECT_GE(v.MemoryUsage(), 1000u);
  v.push_back(300);  // Widens to 2 bytes: room for 1000 cells still.
  EXPECT_GE(v.MemoryUsage(), 2000u);
  EXPECT_EQ(v[0], 7u);
  EXPECT_EQ(v[1], 300u);
  EXPECT_EQ(v.size(), 2u);
}

TEST(NarrowUintVectorTest, SetWidensAndClears) {
  NarrowUintVector v;
  for (int i = 0; i < 4; ++i) v.push_back(NarrowUintVector::kNull);
  v.Set(2, 7);
  EXPECT_EQ(v.width(), 1u);
  v.Set(1, 1000);
  EXPECT_EQ(v.width(), 2u);
  v.Set(2, NarrowUintVector::kNull);
  EXPECT_EQ(v[0], NarrowUintVector::kNull);
  EXPECT_EQ(v[1], 1000u);
  EXPECT_EQ(v[2], NarrowUintVector::kNull);
}

TEST(CompactUint32ColumnTest, ReadsLikeUint32Column) {
  CompactUint32Column c(nullptr, "cpu");
  c.Append(3);
  c.AppendNull();
  c.Append(70000);
  EXPECT_FALSE(c.IsNull(0));
  EXPECT_TRUE(c.IsNull(1));
  EXPECT_EQ(c.GetInt(0), 3);
  EXPECT_EQ(c.GetInt(2), 70000);
  c.Set(1, 5);
  EXPECT_EQ(c[1], 5u);
}

TEST(CompactUint32ColumnTest, IndexedRowsByValue) {
  CompactUint32Column c(nullptr, "utid", kIndexed);
  for (uint32_t v : {2u, 0u, 2u, CompactUint32Column::kNull, 300u, 2u}) c.Append(v);
  const uint32_t* rows;
  size_t count;
  ASSERT_TRUE(c.EqualRows(2, &rows, &count));
  EXPECT_EQ(std::vector<uint32_t>(rows, rows + count), (std::vector<uint32_t>{0, 2, 5}));
  ASSERT_TRUE(c.EqualRows(300, &rows, &count));
  EXPECT_EQ(std::vector<uint32_t>(rows, rows + count), (std::vector<uint32_t>{4}));
  ASSERT_TRUE(c.EqualRows(1, &rows, &count));
  EXPECT_EQ(count, 0u);
  c.Append(1);  // Rows added later are indexed too.
  ASSERT_TRUE(c.EqualRows(1, &rows, &count));
  EXPECT_EQ(std::vector<uint32_t>(rows, rows + count), (std::vector<uint32_t>{6}));
  CompactUint32Column plain(nullptr, "cpu");
  EXPECT_FALSE(plain.EqualRows(1, &rows, &count));
}

TEST(DictStringColumnTest, ManyDistinctStrings) {
  DictStringColumn c(nullptr, "state");
  c.Append(kNullStringId);
  for (StringId id = 1; id <= 300; ++id) c.Append(id * 7);
  for (StringId id = 300; id >= 1; --id) c.Append(id * 7);
  EXPECT_TRUE(c.IsNull(0));
  for (uint32_t r = 1; r <= 300; ++r) {
    EXPECT_EQ(c.GetString(r), r * 7);
    EXPECT_EQ(c[600 - r + 1], r * 7);
  }
  c.Set(0, 14);
  c.Set(1, kNullStringId);
  EXPECT_EQ(c[0], 14u);
  EXPECT_TRUE(c.IsNull(1));
}

TEST(CompactInt64ColumnTest, ValuesOutsideInt32AreKeptAside) {
  CompactInt64Column c(nullptr, "dur");
  const int64_t values[] = {-1, 0, INT32_MAX, int64_t{INT32_MAX} + 1, INT32_MIN,
                            int64_t{INT32_MIN} + 1, INT64_MAX, INT64_MIN, 3000000000};
  for (int64_t v : values) c.Append(v);
  ASSERT_EQ(c.size(), 9u);
  for (uint32_t r = 0; r < 9; ++r) {
    EXPECT_EQ(c[r], values[r]) << r;
    EXPECT_EQ(c.GetInt(r), values[r]) << r;
    EXPECT_FALSE(c.IsNull(r));
  }
  c.Set(3, 5);  // Back inside int32: the aside value goes.
  c.Set(0, -5000000000);
  EXPECT_EQ(c[3], 5);
  EXPECT_EQ(c[0], -5000000000);
  EXPECT_EQ(c[1], 0);
}

}  // namespace
}  // namespace weft
