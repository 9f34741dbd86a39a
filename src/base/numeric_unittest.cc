#include "src/base/numeric.h"

#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace weft {
namespace {

TEST(SaturatingInt64, TruncatesInRange) {
  EXPECT_EQ(SaturatingInt64(1.9), 1);
  EXPECT_EQ(SaturatingInt64(-1.9), -1);
  EXPECT_EQ(SaturatingInt64(0.0), 0);
}

TEST(SaturatingInt64, ClampsOutOfRangeAndNaN) {
  EXPECT_EQ(SaturatingInt64(1e40), INT64_MAX);
  EXPECT_EQ(SaturatingInt64(-1e40), INT64_MIN);
  EXPECT_EQ(SaturatingInt64(std::numeric_limits<double>::infinity()), INT64_MAX);
  EXPECT_EQ(SaturatingInt64(std::nan("")), 0);
  EXPECT_EQ(SaturatingInt64(9223372036854775807.0), INT64_MAX);  // 2^63
}

TEST(SaturatingMul, ClampsOverflow) {
  EXPECT_EQ(SaturatingMul(3, 1000), 3000);
  EXPECT_EQ(SaturatingMul(-3, 1000), -3000);
  EXPECT_EQ(SaturatingMul(9223372036854776, 1000), INT64_MAX);
  EXPECT_EQ(SaturatingMul(-9223372036854776, 1000), INT64_MIN);
}

TEST(SaturatingAdd, ClampsOverflow) {
  EXPECT_EQ(SaturatingAdd(3000, -1), 2999);
  EXPECT_EQ(SaturatingAdd(3000, INT64_MAX), INT64_MAX);
  EXPECT_EQ(SaturatingAdd(-3000, INT64_MIN), INT64_MIN);
  EXPECT_EQ(SaturatingAdd(-3000, INT64_MAX), INT64_MAX - 3000);
}

}  // namespace
}  // namespace weft
