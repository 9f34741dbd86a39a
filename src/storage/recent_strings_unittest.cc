#include "src/storage/recent_strings.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(RecentStringsTest, SameIdsAsThePool) {
  StringPool pool;
  RecentStrings recent(&pool);
  // Short, empty, 8-byte, long, and strings differing only in the middle
  // (same length, head and tail: same fingerprint).
  std::vector<std::string> strings = {"", "a", "args.arg0", "12345678",
                                      "disabled-by-default-devtools.timeline",
                                      "abcdefgh_X_12345678", "abcdefgh_Y_12345678"};
  for (int round = 0; round < 3; ++round) {
    for (const std::string& s : strings) {
      EXPECT_EQ(recent.Intern(s), pool.Intern(s)) << s;
      EXPECT_EQ(pool.Get(recent.Intern(s)), s);
    }
  }
  EXPECT_NE(recent.Intern(""), kNullStringId);
}

TEST(RecentStringsTest, ManyStringsEvictEachOther) {
  StringPool pool;
  RecentStrings recent(&pool);
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 5000; ++i) {
      std::string s = "name" + std::to_string(i);
      ASSERT_EQ(recent.Intern(s), pool.Intern(s)) << s;
    }
  }
}

}  // namespace
}  // namespace weft
