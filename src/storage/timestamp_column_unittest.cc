// TimestampColumn: values read back as appended whether their block is
// repacked into 3-byte offsets, stays in 4-byte ones or moves to 8-byte
// cells.
#include "src/storage/timestamp_column.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

void ExpectReads(const TimestampColumn& c, const std::vector<int64_t>& values) {
  ASSERT_EQ(c.size(), values.size());
  for (uint32_t r = 0; r < values.size(); ++r) {
    ASSERT_EQ(c[r], values[r]) << r;
    ASSERT_EQ(c.GetInt(r), values[r]) << r;
    ASSERT_FALSE(c.IsNull(r));
  }
}

TEST(TimestampColumnTest, CloseValuesTakeAtMostFourBytes) {
  TimestampColumn c(nullptr, "ts");
  std::vector<int64_t> values;
  // Three blocks of nanosecond times, a little out of order.
  for (int64_t i = 0; i < 3000; ++i) values.push_back(1700000000000000000 + i * 1000 - (i % 7) * 50);
  for (int64_t v : values) c.Append(v);
  ExpectReads(c, values);
  EXPECT_LT(c.MemoryUsage(), values.size() * 6) << "4-byte cells, not 8";
}

TEST(TimestampColumnTest, ABlockOutOfReachKeepsEightByteCells) {
  TimestampColumn c(nullptr, "ts");
  std::vector<int64_t> values = {5, -3, INT32_MAX + int64_t{5}, INT64_MIN, INT64_MAX, 0};
  // Then a block of its own that fits again, and one that widens late.
  for (int64_t i = 0; i < 1024 - 6; ++i) values.push_back(i);
  for (int64_t i = 0; i < 1024; ++i) values.push_back(100 + i);
  for (int64_t i = 0; i < 500; ++i) values.push_back(i == 400 ? int64_t{1} << 40 : -i);
  for (int64_t v : values) c.Append(v);
  ExpectReads(c, values);
}

TEST(TimestampColumnTest, DenseFullBlocksTakeThreeBytes) {
  TimestampColumn c(nullptr, "ts");
  std::vector<int64_t> values;
  // Blocks spanning ~10 ms, a little out of order (a block's first value
  // is not its smallest), then one spanning 20 ms (4-byte offsets), then a
  // partial last block.
  for (int64_t i = 0; i < 4096; ++i) values.push_back(5000000000 + i * 10000 - (i % 5) * 3000);
  for (int64_t i = 0; i < 1024; ++i) values.push_back(values.back() + 20000);
  for (int64_t i = 0; i < 100; ++i) values.push_back(values.back() + 7);
  for (int64_t v : values) c.Append(v);
  ExpectReads(c, values);
  EXPECT_LT(c.MemoryUsage(), size_t{4096 * 3 + 1124 * 4 + 4096}) << "3-byte cells for full dense blocks";
}

TEST(TimestampColumnTest, PackingSpansUpToTwoToThe24) {
  TimestampColumn c(nullptr, "ts");
  std::vector<int64_t> values;
  for (int64_t i = 0; i < 1024; ++i) values.push_back(i == 3 ? -1 : i == 9 ? (1 << 24) - 2 : i);
  for (int64_t i = 0; i < 1024; ++i) values.push_back(i == 0 ? 0 : i == 1 ? (1 << 24) : 5);
  values.push_back(42);
  for (int64_t v : values) c.Append(v);
  ExpectReads(c, values);
}

// The same answer as a row-by-row check, for every kind of block (3-byte,
// 4-byte and 8-byte cells) and a drop inside one or across two.
TEST(TimestampColumnTest, IsNonDecreasingMatchesRowByRow) {
  auto row_by_row = [](const TimestampColumn& c) {
    for (uint32_t r = 1; r < c.size(); ++r) {
      if (c[r] < c[r - 1]) return false;
    }
    return true;
  };
  const int64_t steps[] = {10, 100000, int64_t{1} << 40};  // 3, 4 and 8-byte cells.
  for (int64_t step : steps) {
    for (int64_t drop_at : {-1, 5, 1023, 1024, 2500}) {
      TimestampColumn c(nullptr, "ts");
      for (int64_t i = 0; i < 2600; ++i) c.Append(1000 + i * step - (i == drop_at ? step + 1 : 0));
      EXPECT_EQ(c.IsNonDecreasing(), row_by_row(c)) << step << " " << drop_at;
      EXPECT_EQ(c.IsNonDecreasing(), drop_at < 0) << step << " " << drop_at;
    }
  }
  EXPECT_TRUE(TimestampColumn(nullptr, "ts").IsNonDecreasing());
}

// AppendBlock and Read give what Append and operator[] do, for pieces that
// start and end anywhere in a block, with blocks of every kind (a value
// out of a block's reach in the middle of a piece widens that block).
TEST(TimestampColumnTest, BlocksAppendAndReadLikeRows) {
  std::vector<int64_t> values;
  for (int64_t i = 0; i < 5000; ++i) {
    int64_t v = 1000000 + i * 10;                  // Blocks of 3-byte cells...
    if (i >= 2048) v += i * 100000;                // ...4-byte ones...
    if (i == 3500) v += int64_t{1} << 40;          // ...one out of reach...
    if (i == 4200) v -= 5000;                      // ...and one a little back.
    values.push_back(v);
  }
  for (size_t piece : {size_t{1}, size_t{7}, size_t{1000}, size_t{1500}}) {
    TimestampColumn by_block(nullptr, "ts");
    for (size_t i = 0; i < values.size(); i += piece) {
      by_block.AppendBlock(&values[i], std::min(piece, values.size() - i));
    }
    ExpectReads(by_block, values);
    for (uint32_t first : {0u, 1u, 1023u, 2000u, 3499u, 4990u}) {
      std::vector<int64_t> out(values.size() - first);
      by_block.Read(first, static_cast<uint32_t>(out.size()), out.data());
      ASSERT_EQ(out, std::vector<int64_t>(values.begin() + first, values.end()))
          << piece << " " << first;
    }
  }
}

}  // namespace
}  // namespace weft
