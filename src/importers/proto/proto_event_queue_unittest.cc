// ProtoEventQueue: packets leave in (timestamp, file order) whatever lane
// they were queued on, payloads survive until parsed, and the service's
// flush markers close windows as in Perfetto.
#include "src/importers/proto/proto_event_queue.h"

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace weft {
namespace {

struct Parsed {
  int64_t ts;
  std::string payload;
};

class QueueTest : public ::testing::Test {
 protected:
  explicit QueueTest(bool full_sort = false)
      : queue_(full_sort, [this](const QueuedPacket& p, protozero::data_view payload) {
          parsed_.push_back({p.ts, std::string(payload.data(), payload.size())});
        }) {}

  void Push(uint32_t lane, int64_t ts, const std::string& payload) {
    QueuedPacket p{};
    p.ts = ts;
    queue_.Push(lane, p, reinterpret_cast<const uint8_t*>(payload.data()), payload.size());
  }
  std::vector<std::string> Names() const {
    std::vector<std::string> out;
    for (const Parsed& p : parsed_) out.push_back(p.payload);
    return out;
  }

  std::vector<Parsed> parsed_;
  ProtoEventQueue queue_;
};

TEST_F(QueueTest, MergesLanesByTimestampThenFileOrder) {
  Push(0, 30, "a30");
  Push(1, 10, "b10");
  Push(0, 20, "a20");  // Out of order within its lane.
  Push(2, 20, "c20");  // Same timestamp as a20, later in the file.
  Push(1, 40, "b40");
  Push(20, 5, "lane20");  // Lanes beyond the maximum share one.
  queue_.ExtractAll();
  EXPECT_EQ(Names(), (std::vector<std::string>{"lane20", "b10", "a20", "c20", "a30", "b40"}));
}

TEST_F(QueueTest, TiesAcrossLanesAndExtremeTimestampsKeepFileOrder) {
  Push(1, INT64_MAX, "b-max");
  Push(0, 7, "a7");
  Push(2, 7, "c7");
  Push(1, INT64_MAX, "b-max2");
  Push(0, INT64_MAX, "a-max");
  Push(2, INT64_MIN, "c-min");
  Push(0, 7, "a7-again");  // Out of order in lane 0, ties with lane 2's.
  queue_.ExtractAll();
  EXPECT_EQ(Names(), (std::vector<std::string>{"c-min", "a7", "c7", "a7-again", "b-max",
                                               "b-max2", "a-max"}));
}

TEST_F(QueueTest, PayloadsOutliveTheCallerAndLargeOnesGetTheirOwnBlock) {
  std::string big(3 << 20, 'x');
  {
    std::string small = "small";
    Push(0, 2, small);
    Push(1, 1, big);
    small.assign("clobbered");
  }
  for (int i = 0; i < 100000; ++i) Push(0, 3 + i, "p" + std::to_string(i));
  queue_.ExtractAll();
  ASSERT_EQ(parsed_.size(), 100002u);
  EXPECT_EQ(parsed_[0].payload, big);
  EXPECT_EQ(parsed_[1].payload, "small");
  EXPECT_EQ(parsed_.back().payload, "p99999");
}

TEST_F(QueueTest, ReadBufferAfterTwoFlushesReleasesThePreviousWindow) {
  Push(0, 100, "a");
  Push(1, 300, "c");
  queue_.NotifyFlush();
  EXPECT_FALSE(queue_.NotifyReadBuffers());  // One flush: nothing.
  queue_.NotifyFlush();
  // Marks the window; releases what came before the last mark (none).
  EXPECT_TRUE(queue_.NotifyReadBuffers());
  EXPECT_EQ(queue_.epoch(), 1u);
  queue_.ExtractPending();
  EXPECT_TRUE(parsed_.empty());
  Push(1, 200, "b");  // After the mark.
  queue_.NotifyFlush();
  queue_.NotifyFlush();
  EXPECT_TRUE(queue_.NotifyReadBuffers());
  EXPECT_TRUE(parsed_.empty());  // Not until ExtractPending().
  queue_.ExtractPending();
  EXPECT_EQ(queue_.epoch(), 2u);
  // a and c were read before the mark, but b (after it) sorts between them:
  // extraction stops there, so c waits.
  EXPECT_EQ(Names(), (std::vector<std::string>{"a"}));
  queue_.ExtractAll();
  EXPECT_EQ(Names(), (std::vector<std::string>{"a", "b", "c"}));
}

// A lane's in-order packets (its stream, over several blocks) and its
// out-of-order ones (sorted items) leave merged by (timestamp, order), with
// their generation, kind and payload, across windows too.
TEST(QueueStreamTest, InOrderAndOutOfOrderPacketsOfALaneMerge) {
  using Packet = std::tuple<int64_t, uint32_t, uint32_t, uint32_t, std::string>;
  std::vector<Packet> pushed, parsed;
  ProtoEventQueue queue(false, [&](const QueuedPacket& p, protozero::data_view payload) {
    parsed.emplace_back(p.ts, p.order, p.generation, p.kind,
                        std::string(payload.data(), payload.size()));
  });
  auto push = [&](uint32_t lane, int64_t ts, uint32_t generation, uint32_t kind,
                  const std::string& payload) {
    QueuedPacket p{};
    p.ts = ts;
    p.generation = generation;
    p.kind = kind;
    pushed.emplace_back(ts, queue.next_order(), generation, kind, payload);
    queue.Push(lane, p, reinterpret_cast<const uint8_t*>(payload.data()), payload.size());
  };
  const std::string filler(200, 'f');  // 60000 packets: about 12 MB of stream.
  for (int i = 0; i < 60000; ++i) {
    // Generations go up and down; every 1000th packet is late.
    uint32_t generation = (i % 7 == 0) ? 5u : 1000000u + i;
    int64_t ts = (i % 1000 == 999) ? i * 10 - 5000 : i * 10;
    push(i % 2, ts, generation, i % 64, std::to_string(i) + filler);
    if (i == 30000) {
      queue.NotifyFlush();
      queue.NotifyFlush();
      queue.NotifyReadBuffers();
      queue.ExtractPending();
    }
  }
  push(0, INT64_MIN, 1, 0, "");  // Empty payload, earliest time.
  queue.ExtractAll();
  std::sort(pushed.begin(), pushed.end(), [](const Packet& a, const Packet& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  ASSERT_EQ(parsed.size(), pushed.size());
  EXPECT_TRUE(parsed == pushed);
}

// Many lanes whose packets interleave finely, with ties across lanes and
// late packets, in windows closed by the service's markers: each
// extraction hands out packets in (timestamp, file order) and stops at the
// first one pushed after the window's safe point.
TEST(QueueStreamTest, ManyLanesMergeInKeyOrder) {
  using Packet = std::pair<int64_t, uint32_t>;  // (ts, order)
  std::vector<Packet> parsed, expected, waiting;
  ProtoEventQueue queue(false, [&](const QueuedPacket& p, protozero::data_view) {
    parsed.emplace_back(p.ts, p.order);
  });
  // What the queue should hand out: the waiting packets in key order,
  // up to the first one at or past |limit|.
  auto extract_until = [&](uint32_t limit) {
    std::sort(waiting.begin(), waiting.end());
    size_t k = 0;
    while (k < waiting.size() && waiting[k].second < limit) expected.push_back(waiting[k++]);
    waiting.erase(waiting.begin(), waiting.begin() + static_cast<long>(k));
  };
  std::mt19937 rng(3);
  std::vector<int64_t> lane_ts(20, 0);
  uint32_t safe_point = 0;
  for (int i = 0; i < 50000; ++i) {
    uint32_t lane = rng() % 20;
    // Mostly in order per lane, in small steps (ties across lanes); some late.
    lane_ts[lane] += rng() % 4;
    int64_t ts = lane_ts[lane];
    if (rng() % 50 == 0) ts -= rng() % 100;
    QueuedPacket p{};
    p.ts = ts;
    waiting.emplace_back(ts, queue.next_order());
    queue.Push(lane, p, nullptr, 0);
    if (i % 7000 == 6999) {
      queue.NotifyFlush();
      queue.NotifyFlush();
      ASSERT_TRUE(queue.NotifyReadBuffers());
      queue.ExtractPending();
      extract_until(safe_point);
      safe_point = queue.next_order();
      ASSERT_EQ(parsed, expected) << i;
    }
  }
  queue.ExtractAll();
  extract_until(UINT32_MAX);
  EXPECT_EQ(parsed, expected);
}

class FullSortQueueTest : public QueueTest {
 protected:
  FullSortQueueTest() : QueueTest(/*full_sort=*/true) {}
};

TEST_F(FullSortQueueTest, IgnoresServiceMarkers) {
  Push(0, 100, "a");
  for (int i = 0; i < 3; ++i) {
    queue_.NotifyFlush();
    queue_.NotifyFlush();
    EXPECT_FALSE(queue_.NotifyReadBuffers());
  }
  queue_.ExtractPending();
  EXPECT_TRUE(parsed_.empty());
  queue_.ExtractAll();
  EXPECT_EQ(Names(), (std::vector<std::string>{"a"}));
}

}  // namespace
}  // namespace weft
