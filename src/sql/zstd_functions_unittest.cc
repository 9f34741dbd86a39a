#include "src/sql/zstd_functions.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(ZstdFunctionsTest, StoredFrameLayout) {
  std::string frame = ZstdStoredFrame("hello");
  // Magic, descriptor, 8-byte size, 3-byte header of the last raw block.
  ASSERT_EQ(frame.size(), 4u + 1 + 8 + 3 + 5);
  EXPECT_EQ(frame.substr(0, 4), std::string("\x28\xb5\x2f\xfd", 4));
  EXPECT_EQ(static_cast<uint8_t>(frame[4]), 0xe0);
  EXPECT_EQ(static_cast<uint8_t>(frame[5]), 5);
  EXPECT_EQ(static_cast<uint8_t>(frame[13]), (5 << 3) | 1);
  EXPECT_EQ(frame.substr(16), "hello");
}

TEST(ZstdFunctionsTest, LargeInputSplitsIntoBlocks) {
  std::string data(300 * 1024, 'x');
  std::string frame = ZstdStoredFrame(data);
  EXPECT_EQ(frame.size(), 13 + 3 * 3 + data.size());  // Blocks of 128 + 128 + 44 KiB.
  std::string empty = ZstdStoredFrame("");
  EXPECT_EQ(empty.size(), 16u);
  EXPECT_EQ(static_cast<uint8_t>(empty[13]), 1);  // Last, raw, size 0.
}

}  // namespace
}  // namespace weft
