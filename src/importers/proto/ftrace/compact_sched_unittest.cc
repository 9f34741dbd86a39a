// EncodeCompactSched / DecodeCompactSched: the queued form of a compact
// switch or waking reads back as the event (what the parser uses of it).
#include "src/importers/proto/ftrace/compact_sched.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace weft {
namespace {

CompactSchedEvent RoundTrip(const CompactSchedEvent& e, size_t* size) {
  char buf[kMaxEncodedCompactSched];
  *size = EncodeCompactSched(e, buf);
  CompactSchedEvent out;
  EXPECT_TRUE(DecodeCompactSched(buf, *size, &out));
  return out;
}

TEST(CompactSchedTest, SwitchRoundTripsEveryField) {
  CompactSchedEvent e{};
  e.kind = CompactSchedEvent::kSwitch;
  e.cpu = 4095;
  e.pid = -7;
  e.prio = 120;
  e.comm = 0xfffffffe;
  e.set_value(INT64_MIN);
  size_t size = 0;
  CompactSchedEvent out = RoundTrip(e, &size);
  EXPECT_EQ(out.kind, e.kind);
  EXPECT_EQ(out.cpu, e.cpu);
  EXPECT_EQ(out.pid, e.pid);
  EXPECT_EQ(out.prio, e.prio);
  EXPECT_EQ(out.comm, e.comm);
  EXPECT_EQ(out.value(), INT64_MIN);
}

TEST(CompactSchedTest, TypicalEventsAreSmall) {
  CompactSchedEvent e{};
  e.kind = CompactSchedEvent::kSwitch;
  e.cpu = 3;
  e.pid = 1234;
  e.prio = 120;
  e.comm = 17;
  e.set_value(1);
  size_t size = 0;
  RoundTrip(e, &size);
  EXPECT_LE(size, 7u);
  e.kind = CompactSchedEvent::kWaking;
  e.set_value(-1);  // No common_flags.
  CompactSchedEvent out = RoundTrip(e, &size);
  EXPECT_LE(size, 4u);
  EXPECT_EQ(out.value(), -1);
  EXPECT_EQ(out.pid, 1234);
  EXPECT_EQ(out.comm, kNullStringId);  // Not queued for a waking.
}

TEST(CompactSchedTest, TruncatedBytesAreRejected) {
  CompactSchedEvent e{};
  e.kind = CompactSchedEvent::kSwitch;
  e.pid = 1 << 20;
  char buf[kMaxEncodedCompactSched];
  size_t size = EncodeCompactSched(e, buf);
  CompactSchedEvent out;
  for (size_t cut = 0; cut < size; ++cut) EXPECT_FALSE(DecodeCompactSched(buf, cut, &out));
}

}  // namespace
}  // namespace weft
