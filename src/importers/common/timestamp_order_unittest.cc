// Unit tests of TimestampOrder: sorted input kept as is, equal timestamps in
// file order.
#include "src/importers/common/timestamp_order.h"

#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

struct Item {
  int64_t ts;
};

TEST(TimestampOrderTest, SortsKeepingTiesInFileOrder) {
  std::vector<Item> items = {{30}, {10}, {30}, {-5}, {10}, {30}};
  EXPECT_EQ(TimestampOrder(items), (std::vector<uint32_t>{3, 1, 4, 0, 2, 5}));
}

TEST(TimestampOrderTest, SortedAndEmpty) {
  std::vector<Item> sorted = {{1}, {1}, {2}};
  EXPECT_EQ(TimestampOrder(sorted), (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_TRUE(TimestampOrder(std::vector<Item>{}).empty());
}

}  // namespace
}  // namespace weft
