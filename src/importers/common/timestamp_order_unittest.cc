// Unit tests of TimestampOrder and SortNearlyOrdered: sorted input kept as is, equal timestamps in
// file order.
#include "src/importers/common/timestamp_order.h"

#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

struct Item {
  int64_t ts;
  int tag = 0;  // File position, to check that ties keep file order.
};

std::vector<int> Tags(const std::vector<Item>& items) {
  std::vector<int> tags;
  for (const Item& item : items) tags.push_back(item.tag);
  return tags;
}

TEST(TimestampOrderTest, SortsKeepingTiesInFileOrder) {
  std::vector<Item> items = {{30}, {10}, {30}, {-5}, {10}, {30}};
  EXPECT_EQ(TimestampOrder(items), (std::vector<uint32_t>{3, 1, 4, 0, 2, 5}));
}

TEST(TimestampOrderTest, SortedAndEmpty) {
  std::vector<Item> sorted = {{1}, {1}, {2}};
  EXPECT_EQ(TimestampOrder(sorted), (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_TRUE(TimestampOrder(std::vector<Item>{}).empty());
}

TEST(SortNearlyOrderedTest, SortsInPlaceKeepingTiesInFileOrder) {
  std::vector<Item> items = {{30, 0}, {10, 1}, {30, 2}, {-5, 3}, {10, 4}, {30, 5}};
  EXPECT_TRUE(SortNearlyOrdered(&items, 100, 100));
  EXPECT_EQ(Tags(items), (std::vector<int>{3, 1, 4, 0, 2, 5}));
}

TEST(SortNearlyOrderedTest, StopsPastTheMoveBudget) {
  std::vector<Item> items = {{3, 0}, {2, 1}, {1, 2}, {1, 3}};
  EXPECT_FALSE(SortNearlyOrdered(&items, 2, 100));
  // Finishing with TimestampOrder still keeps ties in file order.
  std::vector<Item> sorted;
  for (uint32_t index : TimestampOrder(items)) sorted.push_back(items[index]);
  EXPECT_EQ(Tags(sorted), (std::vector<int>{2, 3, 1, 0}));
}

TEST(SortNearlyOrderedTest, StopsWhenOneItemMovesTooFar) {
  std::vector<Item> items = {{2, 0}, {3, 1}, {4, 2}, {1, 3}, {5, 4}};
  EXPECT_FALSE(SortNearlyOrdered(&items, 100, 2));
  std::vector<Item> sorted;
  for (uint32_t index : TimestampOrder(items)) sorted.push_back(items[index]);
  EXPECT_EQ(Tags(sorted), (std::vector<int>{3, 0, 1, 2, 4}));
  std::vector<Item> again = {{2, 0}, {3, 1}, {4, 2}, {1, 3}, {5, 4}};
  EXPECT_TRUE(SortNearlyOrdered(&again, 100, 3));
  EXPECT_EQ(Tags(again), (std::vector<int>{3, 0, 1, 2, 4}));
}

}  // namespace
}  // namespace weft
