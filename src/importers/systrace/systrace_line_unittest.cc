#include "src/importers/systrace/systrace_line.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(SystraceLineTest, TgidAndFlags) {
  SystraceLine l;
  ASSERT_TRUE(ParseSystraceLine(
      "kworker/u16:1-77    (   77) [004] d..2   316.196720: tracing_mark_write: B|77|x", &l));
  EXPECT_EQ(l.task, "kworker/u16:1");
  EXPECT_EQ(l.pid, 77);
  EXPECT_TRUE(l.has_tgid);
  EXPECT_EQ(l.tgid, 77);
  EXPECT_EQ(l.cpu, 4u);
  EXPECT_EQ(l.ts, 316196720000);
  EXPECT_EQ(l.event, "tracing_mark_write");
  EXPECT_EQ(l.args, "B|77|x");
}

TEST(SystraceLineTest, NoTgidNoFlagsAndUnknownTgid) {
  SystraceLine l;
  ASSERT_TRUE(ParseSystraceLine("          <idle>-0     [000]  0.002188: print: E|77", &l));
  EXPECT_EQ(l.task, "<idle>");
  EXPECT_EQ(l.pid, 0);
  EXPECT_FALSE(l.has_tgid);
  EXPECT_EQ(l.ts, 2188000);
  ASSERT_TRUE(ParseSystraceLine(
      "<unknown>-200   (-----) [000] .... 0.090000: cpu_frequency_limits: min=1 max=2 cpu_id=6",
      &l));
  EXPECT_FALSE(l.has_tgid);
  EXPECT_EQ(l.pid, 200);
}

TEST(SystraceLineTest, TaskNamesWithDashesAndFlagsTouchingTheTimestamp) {
  SystraceLine l;
  ASSERT_TRUE(ParseSystraceLine(
      "task-1234-567    ( 567) [000] d...316.196740: tracing_mark_write: B|567|w", &l));
  EXPECT_EQ(l.task, "task-1234");
  EXPECT_EQ(l.pid, 567);
  EXPECT_EQ(l.ts, 316196740000);
  ASSERT_TRUE(ParseSystraceLine(
      "chrome-10830 ( 10830) [000] dNsa. 4213.033572: tracing_mark_write: B|10830|h", &l));
  EXPECT_EQ(l.ts, 4213033572000);
  // Exact decimal nanoseconds (a double would give ...771185999999).
  ASSERT_TRUE(ParseSystraceLine("a-1 [001] 10852.771186: print: x", &l));
  EXPECT_EQ(l.ts, 10852771186000);
}

TEST(SystraceLineTest, NotEventLines) {
  SystraceLine l;
  EXPECT_FALSE(ParseSystraceLine("some = 000, other = 0x4", &l));
  EXPECT_FALSE(ParseSystraceLine("# tracer: nop", &l));
  EXPECT_FALSE(ParseSystraceLine("a-1 [001] notatime: print: x", &l));
  EXPECT_FALSE(ParseSystraceLine("a-b [001] 1.0: print: x", &l));
  // Seconds beyond int64 nanoseconds (a damaged line) are no timestamp.
  EXPECT_FALSE(ParseSystraceLine("a-1 [001] 999999999999999999.5: print: x", &l));
  EXPECT_TRUE(ParseSystraceLine("a-1 [001] 9223372035.5: print: x", &l));
}

TEST(SystraceLineTest, ArgsWithSpacesInValues) {
  std::string_view args =
      "prev_comm=Binder Thread #1 prev_pid=12 prev_prio=120 prev_state=R+ ==> "
      "next_comm=swapper/0 next_pid=0 next_prio=120";
  std::string_view v;
  ASSERT_TRUE(FindSystraceArg(args, "prev_comm", &v));
  EXPECT_EQ(v, "Binder Thread #1");
  ASSERT_TRUE(FindSystraceArg(args, "prev_state", &v));
  EXPECT_EQ(v, "R+");
  int64_t pid = -1;
  ASSERT_TRUE(FindSystraceIntArg(args, "next_pid", &pid));
  EXPECT_EQ(pid, 0);
  EXPECT_FALSE(FindSystraceArg(args, "pid", &v));
}

}  // namespace
}  // namespace weft
