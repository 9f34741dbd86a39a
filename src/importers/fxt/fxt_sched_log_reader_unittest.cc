// Unit tests of FxtRecordReader's scheduling and log record decoding: both
// context switch layouts, wakeups, the idle thread, truncation.
#include "src/importers/fxt/fxt_record_reader.h"

#include <string>

#include <gtest/gtest.h>

#include "src/importers/fxt/fxt_test_words.h"

namespace weft {
namespace {

uint64_t Int32Arg(uint64_t name_ref, int32_t value) {
  return fxt::kArgInt32 | 1 << 4 | name_ref << 16 | uint64_t{static_cast<uint32_t>(value)} << 32;
}

class FxtSchedLogReaderTest : public ::testing::Test {
 protected:
  FxtSchedLogReaderTest() {
    provider_.strings.Set(1, names_.incoming_weight = storage_.Intern("incoming_weight"));
    provider_.strings.Set(2, names_.outgoing_weight = storage_.Intern("outgoing_weight"));
    provider_.strings.Set(3, names_.weight = storage_.Intern("weight"));
    provider_.threads.Set(1, {10, 11});
  }
  FxtReadError Read(const std::string& bytes, FxtEvent* e, FxtSwitch* sw) {
    FxtRecordReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size() / 8,
                      &provider_, &storage_);
    return r.ReadScheduling(names_, e, sw, &scratch_);
  }

  TraceStorage storage_;
  FxtProvider provider_;
  FxtSchedArgNames names_;
  PodVector<FxtArg> scratch_;
};

TEST_F(FxtSchedLogReaderTest, LegacyContextSwitch) {
  // cpu 3, outgoing blocked thread ref 1 (prio 20), incoming inline (prio 9).
  uint64_t h = fxt::kScheduling | 5 << 4 | 3 << 16 | uint64_t{fxt::kThreadBlocked} << 24 |
               uint64_t{1} << 28 | uint64_t{20} << 44 | uint64_t{9} << 52;
  FxtEvent e;
  FxtSwitch sw;
  ASSERT_EQ(Read(FxtBytes({h, 77, 20, 21}), &e, &sw), FxtReadError::kOk);
  EXPECT_EQ(e.kind, FxtEvent::kContextSwitch);
  EXPECT_EQ(e.ts, 77);
  EXPECT_EQ(e.cpu, 3u);
  EXPECT_EQ(e.event_type, fxt::kThreadBlocked);
  EXPECT_EQ(e.tid, 11u);
  EXPECT_EQ(e.pid, 10u);
  EXPECT_EQ(sw.in_pid, 20u);
  EXPECT_EQ(sw.in_tid, 21u);
  EXPECT_EQ(sw.out_priority, 20);
  EXPECT_EQ(sw.in_priority, 9);
  // The incoming thread is idle: pid 0 with priority 0.
  h &= ~(uint64_t{0xff} << 52);
  ASSERT_EQ(Read(FxtBytes({h, 77, 0, 5}), &e, &sw), FxtReadError::kOk);
  EXPECT_EQ(sw.in_tid, 0u);
  // The inline incoming thread is cut short.
  EXPECT_EQ(Read(FxtBytes({h, 77, 0}), &e, &sw), FxtReadError::kTruncated);
}

TEST_F(FxtSchedLogReaderTest, ContextSwitchWithWeights) {
  uint64_t h = fxt::kScheduling | 6 << 4 | 2 << 16 | 1 << 20 |
               uint64_t{fxt::kThreadSuspended} << 36 | uint64_t{fxt::kContextSwitch} << 60;
  FxtEvent e;
  FxtSwitch sw;
  ASSERT_EQ(Read(FxtBytes({h, 5, 30, 31, Int32Arg(2, fxt::kIdleWeight), Int32Arg(1, 7)}), &e, &sw),
            FxtReadError::kOk);
  EXPECT_EQ(e.kind, FxtEvent::kContextSwitch);
  EXPECT_EQ(e.cpu, 1u);
  EXPECT_EQ(e.event_type, fxt::kThreadSuspended);
  EXPECT_EQ(e.tid, 0u);  // Idle weight: the idle thread, priority 0.
  EXPECT_EQ(sw.out_priority, 0);
  EXPECT_EQ(sw.in_tid, 31u);
  EXPECT_EQ(sw.in_priority, 7);
  // The incoming thread id is missing.
  EXPECT_EQ(Read(FxtBytes({h & ~uint64_t{0xf0000}, 5, 30}), &e, &sw), FxtReadError::kTruncated);
}

TEST_F(FxtSchedLogReaderTest, WeightsInAnyArgumentForm) {
  // An inline-named int32 (read the general way), a uint32 (not a weight),
  // then table-named int32s: the first int32 of each name counts.
  uint64_t inline_in = fxt::kArgInt32 | 3 << 4 | uint64_t{0x8000 | 15} << 16 | uint64_t{9} << 32;
  uint64_t incoming = 0x676e696d6f636e69, _weight = 0x007468676965775f;  // "incoming_weight"
  uint64_t uint32_out = fxt::kArgUint32 | 1 << 4 | 2 << 16 | uint64_t{5} << 32;
  uint64_t h = fxt::kScheduling | 11 << 4 | 5 << 16 | 1 << 20 | uint64_t{fxt::kContextSwitch} << 60;
  FxtEvent e;
  FxtSwitch sw;
  ASSERT_EQ(Read(FxtBytes({h, 5, 30, 31, inline_in, incoming, _weight, uint32_out, Int32Arg(2, 6),
                           Int32Arg(2, 8), Int32Arg(1, 10)}),
                 &e, &sw),
            FxtReadError::kOk);
  EXPECT_EQ(sw.out_priority, 6);
  EXPECT_EQ(sw.in_priority, 9);
  // An argument cut short drops the record.
  EXPECT_EQ(Read(FxtBytes({h, 5, 30, 31, inline_in, incoming}), &e, &sw),
            FxtReadError::kTruncated);
}

TEST_F(FxtSchedLogReaderTest, WakeupAndUnknownType) {
  uint64_t h = fxt::kScheduling | 4 << 4 | 1 << 16 | 2 << 20 | uint64_t{fxt::kThreadWakeup} << 60;
  FxtEvent e;
  FxtSwitch sw;
  ASSERT_EQ(Read(FxtBytes({h, 5, 30, Int32Arg(3, 4)}), &e, &sw), FxtReadError::kOk);
  EXPECT_EQ(e.kind, FxtEvent::kWakeup);
  EXPECT_EQ(e.cpu, 2u);
  EXPECT_EQ(e.tid, 30u);
  h = fxt::kScheduling | 2 << 4 | uint64_t{9} << 60;
  EXPECT_EQ(Read(FxtBytes({h, 5}), &e, &sw), FxtReadError::kUnknownType);
}

TEST_F(FxtSchedLogReaderTest, Log) {
  uint64_t h = fxt::kLog | 3 << 4 | 5 << 16 | uint64_t{1} << 32;
  std::string bytes = FxtBytes({h, 8, 0x6f6c6c6568});  // "hello"
  FxtRecordReader r(reinterpret_cast<const uint8_t*>(bytes.data()), 3, &provider_, &storage_);
  FxtEvent e;
  ASSERT_EQ(r.ReadLog(&e), FxtReadError::kOk);
  EXPECT_EQ(e.kind, FxtEvent::kLog);
  EXPECT_EQ(e.tid, 11u);
  EXPECT_EQ(storage_.pool().Get(e.name), "hello");
  FxtRecordReader cut(reinterpret_cast<const uint8_t*>(bytes.data()), 2, &provider_, &storage_);
  EXPECT_EQ(cut.ReadLog(&e), FxtReadError::kTruncated);
}

}  // namespace
}  // namespace weft
