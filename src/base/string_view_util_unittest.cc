#include "src/base/string_view_util.h"

#include <string>

#include <gtest/gtest.h>

namespace weft {
namespace {

size_t Naive(const std::string& s, char c) {
  size_t n = 0;
  for (char ch : s) n += ch == c;
  return n;
}

TEST(CountByteTest, EveryLengthAndPosition) {
  // Neighbours of '\n' (0x0a) and bytes with the high bit set must not count.
  const char kFill[] = {'a', '\x0b', '\x09', '\x8a', '\xff', '\0'};
  for (char fill : kFill) {
    for (size_t len = 0; len < 40; ++len) {
      for (size_t at = 0; at <= len; ++at) {
        std::string s(len, fill);
        if (at < len) s[at] = '\n';
        if (len > 3) s[len - 2] = '\n';
        EXPECT_EQ(CountByte(s.data(), s.size(), '\n'), Naive(s, '\n')) << len << " " << at;
      }
    }
  }
}

TEST(CountByteTest, AllMatching) {
  std::string s(1000, '\n');
  EXPECT_EQ(CountByte(s.data(), s.size(), '\n'), 1000u);
  std::string h(77, '\x80');
  EXPECT_EQ(CountByte(h.data(), h.size(), '\x80'), 77u);
}

TEST(AppendJsonStringTest, EscapesQuotesBackslashesAndControls) {
  std::string out;
  AppendJsonString("a\"b\\c\n\x01", &out);
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\u000a\\u0001\"");
  out.clear();
  AppendJsonString("t\tn\nr\r\x01", &out, /*short_escapes=*/true);
  EXPECT_EQ(out, "\"t\\tn\\nr\\r\\u0001\"");
}

}  // namespace
}  // namespace weft
