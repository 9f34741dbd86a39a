#include "src/importers/proto/ftrace/ftrace_args_memo.h"

#include <string>

#include <gtest/gtest.h>

namespace weft {
namespace {

protozero::data_view View(const std::string& s) { return {s.data(), s.size()}; }

TEST(FtraceArgsMemoTest, FindsOnlyTheSameKindAndBytes) {
  FtraceArgsMemo memo;
  std::string body = "\x0a\x03" "abc\x10\x05";
  EXPECT_EQ(memo.Find(4, View(body)), nullptr);
  memo.Remember(4, View(body), {7, 99});
  const FtraceArgsMemo::Known* known = memo.Find(4, View(body));
  ASSERT_NE(known, nullptr);
  EXPECT_EQ(known->set, 7u);
  EXPECT_EQ(known->rows_hash, 99u);
  EXPECT_EQ(memo.Find(5, View(body)), nullptr) << "another event kind";
  std::string other = body;
  other.back() = '\x06';
  EXPECT_EQ(memo.Find(4, View(other)), nullptr) << "other bytes";
  EXPECT_EQ(memo.Find(4, View(body.substr(0, 5))), nullptr) << "a prefix";
  // Empty bodies (every field left out) are remembered too.
  memo.Remember(4, View(std::string()), {8, 1});
  ASSERT_NE(memo.Find(4, View(std::string())), nullptr);
  EXPECT_EQ(memo.Find(4, View(std::string()))->set, 8u);
}

TEST(FtraceArgsMemoTest, LongBodiesAreNotRemembered) {
  FtraceArgsMemo memo;
  std::string body(200, 'x');
  memo.Remember(3, View(body), {1, 2});
  EXPECT_EQ(memo.Find(3, View(body)), nullptr);
}

}  // namespace
}  // namespace weft
