// Unit tests of TimestampOrder and ArrivalOrder: sorted input kept as is, equal timestamps in
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

// Appends |items| one by one to a queue kept in order by |order|.
std::vector<Item> Arrive(const std::vector<Item>& items, ArrivalOrder<std::vector<Item>>* order) {
  std::vector<Item> queue;
  for (const Item& item : items) {
    queue.push_back(item);
    order->PlaceLast(&queue);
  }
  order->Finish(&queue);
  return queue;
}

// The queue finished as the parser does when ArrivalOrder gave up.
std::vector<Item> Finish(const std::vector<Item>& queue) {
  std::vector<Item> sorted;
  for (uint32_t index : TimestampOrder(queue)) sorted.push_back(queue[index]);
  return sorted;
}

TEST(ArrivalOrderTest, SortsKeepingTiesInFileOrder) {
  ArrivalOrder<std::vector<Item>> order(100, 100);
  std::vector<Item> queue =
      Arrive({{30, 0}, {10, 1}, {30, 2}, {-5, 3}, {10, 4}, {30, 5}}, &order);
  EXPECT_TRUE(order.ordered());
  EXPECT_EQ(Tags(queue), (std::vector<int>{3, 1, 4, 0, 2, 5}));
}

TEST(ArrivalOrderTest, StopsPastTheMoveBudget) {
  // 0 moves per item: only the slack of one item's moves (2).
  ArrivalOrder<std::vector<Item>> order(0, 2);
  std::vector<Item> queue = Arrive({{3, 0}, {2, 1}, {1, 2}, {1, 3}}, &order);
  EXPECT_FALSE(order.ordered());
  // Finishing with TimestampOrder still keeps ties in file order.
  EXPECT_EQ(Tags(Finish(queue)), (std::vector<int>{2, 3, 1, 0}));
}

TEST(ArrivalOrderTest, StopsWhenOneItemMovesTooFar) {
  const std::vector<Item> items = {{2, 0}, {3, 1}, {4, 2}, {1, 3}, {5, 4}, {0, 5}};
  ArrivalOrder<std::vector<Item>> order(100, 2);
  std::vector<Item> queue = Arrive(items, &order);
  EXPECT_FALSE(order.ordered());
  // Items after the one that gave up stay where they arrived.
  EXPECT_EQ(Tags(queue), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(Tags(Finish(queue)), (std::vector<int>{5, 3, 0, 1, 2, 4}));
  ArrivalOrder<std::vector<Item>> wider(100, 5);
  EXPECT_EQ(Tags(Arrive(items, &wider)), (std::vector<int>{5, 3, 0, 1, 2, 4}));
  EXPECT_TRUE(wider.ordered());
}

TEST(ArrivalOrderTest, ChunkedQueueAcrossChunks) {
  // Moves that cross chunk boundaries (4 items a chunk).
  ChunkedVector<Item, 2> queue;
  ArrivalOrder<ChunkedVector<Item, 2>> order(100, 100);
  for (int i = 0; i < 10; ++i) {
    queue.push_back(Item{i % 2 ? 100 - i : i, i});
    order.PlaceLast(&queue);
  }
  order.Finish(&queue);
  EXPECT_TRUE(order.ordered());
  std::vector<int> tags;
  for (size_t i = 0; i < queue.size(); ++i) tags.push_back(queue[i].tag);
  EXPECT_EQ(tags, (std::vector<int>{0, 2, 4, 6, 8, 9, 7, 5, 3, 1}));
}

TEST(ArrivalOrderTest, ChunkedAndPlainQueuesAgree) {
  // Interleaved sources with ties: runs merged within one chunk (through
  // a pointer) and across chunks (through the index), 8 items a chunk.
  std::vector<Item> items;
  for (int i = 0; i < 200; ++i) items.push_back(Item{i / 3 + (i % 5 == 0 ? -4 : 0) + i % 2, i});
  ArrivalOrder<std::vector<Item>> plain_order(100, 100);
  std::vector<Item> plain = Arrive(items, &plain_order);
  ChunkedVector<Item, 3> chunked;
  ArrivalOrder<ChunkedVector<Item, 3>> chunked_order(100, 100);
  for (const Item& item : items) {
    chunked.push_back(item);
    chunked_order.PlaceLast(&chunked);
  }
  chunked_order.Finish(&chunked);
  ASSERT_TRUE(plain_order.ordered());
  EXPECT_TRUE(chunked_order.ordered());
  std::vector<Item> chunked_items;
  for (size_t i = 0; i < chunked.size(); ++i) chunked_items.push_back(chunked[i]);
  EXPECT_EQ(Tags(chunked_items), Tags(plain));
  EXPECT_EQ(Tags(plain), Tags(Finish(items)));
}

TEST(PlaceAmongSortedTest, ChunkedAndPlainAgree) {
  // Sorted timestamps with ties, 4 items a chunk.
  const std::vector<int64_t> sorted = {1, 2, 2, 3, 5, 5, 5, 8, 9, 9, 12};
  ChunkedVector<Item, 2> chunked;
  std::vector<Item> plain;
  for (int64_t ts : sorted) {
    chunked.push_back(Item{ts});
    plain.push_back(Item{ts});
  }
  for (size_t lowest = 0; lowest <= sorted.size(); ++lowest) {
    for (size_t end = lowest; end <= sorted.size(); ++end) {
      for (int64_t ts = 0; ts <= 13; ++ts) {
        size_t want = PlaceAmongSorted(plain, lowest, end, ts);
        EXPECT_EQ(PlaceAmongSorted(chunked, lowest, end, ts), want)
            << "lowest " << lowest << " end " << end << " ts " << ts;
        // After the last item not newer than ts, or at lowest.
        EXPECT_TRUE(want == lowest || plain[want - 1].ts <= ts);
        EXPECT_TRUE(want == end || plain[want].ts > ts);
      }
    }
  }
}

}  // namespace
}  // namespace weft
