#include "src/importers/common/task_state.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(TaskStateTest, RawBitsByKernelVersion) {
  KernelVersion k4_4{4, 4}, k4_9{4, 9}, k5_10{5, 10};
  EXPECT_EQ(TaskStateFromRaw(0, k5_10), "R");
  EXPECT_EQ(TaskStateFromRaw(1, k5_10), "S");
  EXPECT_EQ(TaskStateFromRaw(2, k5_10), "D");
  EXPECT_EQ(TaskStateFromRaw(0x100, k5_10), "R+");
  EXPECT_EQ(TaskStateFromRaw(0x80, k5_10), "I");
  EXPECT_EQ(TaskStateFromRaw(0x40, k5_10), "P");
  EXPECT_EQ(TaskStateFromRaw(0x200, k5_10), "?");
  EXPECT_EQ(TaskStateFromRaw(0x800, k4_4), "R+");
  EXPECT_EQ(TaskStateFromRaw(0x1000, k4_9), "R+");
  EXPECT_EQ(TaskStateFromRaw(0x402, k4_4), "I");  // D + noload = idle.
  EXPECT_EQ(TaskStateFromRaw(0x82, k4_4), "DK");
  EXPECT_EQ(TaskStateFromRaw(0x1 | 0x2 | 0x4 | 0x8, k4_4), "SDT");  // Three letters at most.
}

TEST(TaskStateTest, Text) {
  EXPECT_EQ(TaskStateFromText("S"), "S");
  EXPECT_EQ(TaskStateFromText("R+"), "R+");
  EXPECT_EQ(TaskStateFromText("D|K"), "DK");
  EXPECT_EQ(TaskStateFromText("DN"), "I");
  EXPECT_EQ(TaskStateFromText("S?"), "?");
  EXPECT_EQ(TaskStateFromText(""), "");
}

TEST(TaskStateTest, KernelVersion) {
  KernelVersion v;
  ASSERT_TRUE(ParseKernelVersion("5.10.43-android12-9-00001", &v));
  EXPECT_EQ(v.major, 5);
  EXPECT_EQ(v.minor, 10);
  EXPECT_FALSE(ParseKernelVersion("linux", &v));
}

}  // namespace
}  // namespace weft
