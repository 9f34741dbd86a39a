// Unit tests of FxtTokenizer framing: records cut at every byte boundary,
// size-0 records and truncated files.
#include "src/importers/fxt/fxt_tokenizer.h"

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/importers/fxt/fxt_test_words.h"

namespace weft {
namespace {

// Magic, a string record ("ab" at index 1), two instants on an inline
// thread named by that string, and an unknown 3-word record (type 12).
std::string SmallTrace() {
  uint64_t string_record = fxt::kString | 2 << 4 | 1 << 16 | uint64_t{2} << 32;
  uint64_t instant = fxt::kEvent | 4 << 4 | fxt::kInstant << 16 | uint64_t{1} << 48;
  return FxtBytes({fxt::kMagicRecord, string_record, 0x6261, instant, 30, 1, 2, instant, 10, 1, 2,
                12 | 3 << 4, 0, 0});
}

TEST(FxtTokenizerTest, ChunksAtEveryBoundary) {
  std::string trace = SmallTrace();
  for (size_t split = 0; split <= trace.size(); ++split) {
    TraceStorage storage;
    FxtEventQueue queue;
    FxtTokenizer tokenizer(&storage, &queue);
    const auto* p = reinterpret_cast<const uint8_t*>(trace.data());
    ASSERT_TRUE(tokenizer.Parse(p, split).ok());
    ASSERT_TRUE(tokenizer.Parse(p + split, trace.size() - split).ok());
    ASSERT_TRUE(tokenizer.NotifyEndOfFile().ok());
    ASSERT_EQ(queue.events.size(), 2u) << "split at " << split;
    // Queued in timestamp order.
    EXPECT_TRUE(queue.order.ordered());
    EXPECT_EQ(queue.events[0].ts, 10);
    EXPECT_EQ(queue.events[1].ts, 30);
    EXPECT_EQ(storage.pool().Get(queue.events[1].name), "ab");
    EXPECT_EQ(storage.stats.Get(Stat::fuchsia_unknown_record), 1);
  }
}

TEST(FxtTokenizerTest, SizeZeroIsAnErrorWithOffset) {
  std::string trace = FxtBytes({fxt::kMagicRecord, fxt::kEvent});  // Size 0.
  TraceStorage storage;
  FxtEventQueue queue;
  FxtTokenizer tokenizer(&storage, &queue);
  Status s = tokenizer.Parse(reinterpret_cast<const uint8_t*>(trace.data()), trace.size());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("byte 8"), std::string::npos) << s.message();
  EXPECT_FALSE(tokenizer.NotifyEndOfFile().ok());
}

TEST(FxtTokenizerTest, TruncatedRecordAtEndOfFile) {
  std::string trace = SmallTrace();
  trace.resize(trace.size() - 4);  // Cut the last record.
  TraceStorage storage;
  FxtEventQueue queue;
  FxtTokenizer tokenizer(&storage, &queue);
  ASSERT_TRUE(tokenizer.Parse(reinterpret_cast<const uint8_t*>(trace.data()), trace.size()).ok());
  Status s = tokenizer.NotifyEndOfFile();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("byte 88"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("4 bytes short"), std::string::npos) << s.message();
  EXPECT_EQ(queue.events.size(), 2u);  // Events before the cut are kept.
}

}  // namespace
}  // namespace weft
