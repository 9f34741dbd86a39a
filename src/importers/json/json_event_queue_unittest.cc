#include "src/importers/json/json_event_queue.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

JsonEvent Ev(int64_t ts, char phase, int64_t dur = kNoValue) {
  JsonEvent e;
  e.ts = ts;
  e.phase = phase;
  e.dur = dur;
  return e;
}

using V = std::vector<uint32_t>;

// Reference order: by ts, then (if any X exists) E first, longer X first,
// then file order.
V Reference(const std::vector<JsonEvent>& events) {
  bool any_x = false;
  for (const auto& e : events) any_x |= e.phase == 'X';
  auto tie = [](const JsonEvent& e) -> int64_t {
    if (e.phase == 'E') return INT64_MIN;
    if (e.phase == 'X') return INT64_MAX - e.dur;
    return INT64_MAX;
  };
  V order(events.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (events[a].ts != events[b].ts) return events[a].ts < events[b].ts;
    if (any_x) return tie(events[a]) < tie(events[b]);
    return false;
  });
  return order;
}

V Sorted(const std::vector<JsonEvent>& events) {
  JsonEventQueue q;
  for (const auto& e : events) q.Push(e);
  PodVector<uint32_t> order = q.SortedOrder();
  return V(order.begin(), order.end());
}

TEST(JsonEventQueueTest, Empty) {
  JsonEventQueue q;
  EXPECT_TRUE(q.SortedOrder().empty());
}

TEST(JsonEventQueueTest, AlreadySorted) {
  EXPECT_EQ(Sorted({Ev(1, 'B'), Ev(2, 'E'), Ev(2, 'B'), Ev(5, 'i')}), (V{0, 1, 2, 3}));
}

TEST(JsonEventQueueTest, StableByTimestamp) {
  EXPECT_EQ(Sorted({Ev(30, 'i'), Ev(10, 'B'), Ev(20, 'i'), Ev(10, 'E'), Ev(10, 'i')}),
            (V{1, 3, 4, 2, 0}))
      << "no X event: ties keep file order, even B before E";
}

TEST(JsonEventQueueTest, TiesWithCompleteEvents) {
  std::vector<JsonEvent> events = {
      Ev(10, 'B'),      // 0
      Ev(10, 'X', 5),   // 1
      Ev(10, 'E'),      // 2
      Ev(10, 'X', 50),  // 3
      Ev(10, 'i'),      // 4
      Ev(5, 'X', 0),    // 5
      Ev(10, 'X', 0),   // 6
      Ev(10, 'E'),      // 7
  };
  // E first (file order), longer X first, then the rest in file order
  // (a zero-length X ties with B/i).
  EXPECT_EQ(Sorted(events), (V{5, 2, 7, 3, 1, 0, 4, 6}));
  EXPECT_EQ(Sorted(events), Reference(events));
}

TEST(JsonEventQueueTest, LargeTimestampRangeFallback) {
  const int64_t big = int64_t{1} << 62;
  std::vector<JsonEvent> events = {
      Ev(big + 5, 'i'), Ev(0, 'B'),  Ev(big, 'X', 3), Ev(big, 'E'),
      Ev(1, 'i'),       Ev(big, 'X', 9), Ev(INT64_MAX, 'i'), Ev(0, 'E'),
  };
  EXPECT_EQ(Sorted(events), (V{7, 1, 4, 3, 5, 2, 0, 6}));
  EXPECT_EQ(Sorted(events), Reference(events));
}

TEST(JsonEventQueueTest, RandomMatchesReference) {
  std::mt19937_64 rng(1234);
  for (int round = 0; round < 20; ++round) {
    std::vector<JsonEvent> events;
    int n = 1 + static_cast<int>(rng() % 5000);
    int64_t range = round % 4 == 0 ? 10 : (round % 4 == 1 ? 100000 : (int64_t{1} << (20 + round)));
    const char phases[] = {'B', 'E', 'X', 'i', 'C'};
    for (int i = 0; i < n; ++i) {
      char ph = phases[rng() % 5];
      events.push_back(Ev(static_cast<int64_t>(rng() % static_cast<uint64_t>(range)), ph,
                          ph == 'X' ? static_cast<int64_t>(rng() % 20) : kNoValue));
    }
    ASSERT_EQ(Sorted(events), Reference(events)) << "round " << round;
  }
}

TEST(JsonEventQueueTest, SortedInputWithTiesMatchesReference) {
  // Timestamps already in order: only the runs of equal ones are reordered
  // (short runs and one longer than the insertion-sort limit).
  std::mt19937_64 rng(99);
  std::vector<JsonEvent> events;
  const char phases[] = {'B', 'E', 'X', 'i'};
  for (int64_t ts = 0; ts < 300; ++ts) {
    int run = ts == 150 ? 40 : static_cast<int>(rng() % 4);
    for (int k = 0; k < run; ++k) {
      char ph = phases[rng() % 4];
      events.push_back(Ev(ts, ph, ph == 'X' ? static_cast<int64_t>(rng() % 20) : kNoValue));
    }
  }
  EXPECT_EQ(Sorted(events), Reference(events));
}

TEST(JsonEventQueueTest, ExtrasAndClear) {
  JsonEventQueue q;
  JsonEventExtra extra;
  extra.tts = 5;
  EXPECT_EQ(q.AddExtra(extra), 0u);
  EXPECT_EQ(q.AddExtra(extra), 1u);
  EXPECT_EQ(q.extras()[1].tts, 5);
  q.Push(Ev(1, 'i'));
  EXPECT_EQ(q.size(), 1u);
  q.Clear();
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.extras().size(), 0u);
}

}  // namespace
}  // namespace weft
