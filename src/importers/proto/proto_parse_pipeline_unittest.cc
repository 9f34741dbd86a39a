// ProtoParsePipeline: the same order of parsed packets and deferred writes
// on the parser thread as inline, and payload blocks released after use.
#include "src/importers/proto/proto_parse_pipeline.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

class PipelineTest : public ::testing::TestWithParam<bool> {
 protected:
  PipelineTest()
      : pipeline_(
            GetParam(),
            [this](const QueuedPacket& p, protozero::data_view payload) {
              parsed_.fetch_add(1, std::memory_order_relaxed);
              log_.push_back("p" + std::to_string(p.order) + ":" +
                             std::string(payload.data(), payload.size()) + "@" +
                             std::to_string(epoch_));
            },
            [this](uint32_t epoch) { epoch_ = epoch; },
            [this](uint32_t block) { released_.push_back(block); }) {}

  void Add(uint32_t order, const char* payload, uint32_t epoch) {
    QueuedPacket p{};
    p.order = order;
    p.block = order * 10;
    p.size = static_cast<uint32_t>(strlen(payload));
    pipeline_.Add(p, reinterpret_cast<const uint8_t*>(payload), epoch);
  }

  // Written by the parser side; read after WaitIdle().
  std::vector<std::string> log_;
  uint32_t epoch_ = 0;
  std::atomic<size_t> parsed_{0};  // Read by the tokenizer side.
  std::vector<uint32_t> released_;  // Tokenizer side.
  ProtoParsePipeline pipeline_;
};

TEST_P(PipelineTest, PacketsAndWritesKeepTheirOrder) {
  pipeline_.Defer([this] { log_.push_back("w0"); });
  Add(0, "a", 1);
  Add(1, "b", 1);
  pipeline_.Submit();
  pipeline_.Defer([this] { log_.push_back("w1"); });
  Add(2, "c", 2);
  pipeline_.Defer([this] { log_.push_back("w2"); });  // After c, before d.
  Add(3, "d", 2);
  pipeline_.WaitIdle();
  EXPECT_EQ(log_, (std::vector<std::string>{"w0", "p0:a@1", "p1:b@1", "w1", "p2:c@2", "w2",
                                            "p3:d@2"}));
  EXPECT_EQ(released_, (std::vector<uint32_t>{0, 10, 20, 30}));
}

TEST_P(PipelineTest, ManyBatches) {
  std::vector<std::string> payloads;
  for (uint32_t i = 0; i < 100000; ++i) payloads.push_back(std::to_string(i % 7));
  for (uint32_t i = 0; i < payloads.size(); ++i) {
    Add(i, payloads[i].c_str(), 1 + i / 30000);
    if (i % 25000 == 0) pipeline_.Submit();
  }
  pipeline_.WaitIdle();
  ASSERT_EQ(log_.size(), payloads.size());
  EXPECT_EQ(log_[0], "p0:0@1");
  EXPECT_EQ(log_[99999], "p99999:" + payloads[99999] + "@4");
  EXPECT_EQ(released_.size(), payloads.size());
}

TEST_P(PipelineTest, DrainingKeepsFewBatchesInFlight) {
  pipeline_.BeginDrain();
  const char* payload = "x";
  size_t most_waiting = 0;
  for (uint32_t i = 0; i < 300000; ++i) {
    Add(i, payload, 1);
    most_waiting = std::max(most_waiting, i + 1 - parsed_.load(std::memory_order_relaxed));
  }
  pipeline_.WaitIdle();
  EXPECT_EQ(log_.size(), 300000u);
  EXPECT_EQ(released_.size(), 300000u);
  // Four batches of 16384 packets in flight and one being filled, not
  // the sixteen of a window's extraction (their payloads stay in memory).
  EXPECT_LE(most_waiting, 5u * 16384u);
}

TEST_P(PipelineTest, TheTokenizerLockIsReentrantAndParserWaitsForIt) {
  SharedStateLock* lock = pipeline_.lock();
  {
    TokenizerAccess outer(lock);
    outer.Acquire();
    TokenizerAccess inner(lock);
    inner.Acquire();  // Already held: no deadlock.
    EXPECT_EQ(lock->held_by_tokenizer(), GetParam());
    Add(0, "x", 1);
    pipeline_.Submit();  // Must not wait for the parser, which needs the lock.
  }
  EXPECT_FALSE(lock->held_by_tokenizer());
  pipeline_.WaitIdle();
  EXPECT_EQ(log_, (std::vector<std::string>{"p0:x@1"}));
}

INSTANTIATE_TEST_SUITE_P(ThreadedAndInline, PipelineTest, ::testing::Bool());

}  // namespace
}  // namespace weft
