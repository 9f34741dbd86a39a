// TimestampColumn: values read back as appended whether their block stays
// in 4-byte offsets or moves to 8-byte cells.
#include "src/storage/timestamp_column.h"

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

TEST(TimestampColumnTest, CloseValuesTakeFourBytes) {
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

}  // namespace
}  // namespace weft
