#include "src/storage/string_pool.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(StringPoolTest, NullIdIsEmpty) {
  StringPool pool;
  EXPECT_EQ(pool.Get(kNullStringId), "");
  EXPECT_STREQ(pool.CStr(kNullStringId), "");
  EXPECT_EQ(pool.size(), 1u);  // Only the NULL entry.
}

TEST(StringPoolTest, InternDeduplicates) {
  StringPool pool;
  StringId a = pool.Intern("alpha");
  StringId b = pool.Intern("beta");
  EXPECT_NE(a, kNullStringId);
  EXPECT_NE(b, kNullStringId);
  EXPECT_NE(a, b);
  EXPECT_EQ(pool.Intern("alpha"), a);
  EXPECT_EQ(pool.Intern(std::string("be") + "ta"), b);
  EXPECT_EQ(pool.Get(a), "alpha");
  EXPECT_EQ(pool.Get(b), "beta");
  EXPECT_STREQ(pool.CStr(a), "alpha");
  EXPECT_EQ(pool.size(), 3u);
}

TEST(StringPoolTest, EmptyStringIsNotNull) {
  StringPool pool;
  EXPECT_EQ(pool.Find(""), kNullStringId) << "not interned yet";
  StringId e = pool.Intern("");
  EXPECT_NE(e, kNullStringId);
  EXPECT_EQ(pool.Intern(""), e);
  EXPECT_EQ(pool.Find(""), e);
  EXPECT_EQ(pool.Get(e), "");
}

TEST(StringPoolTest, Find) {
  StringPool pool;
  EXPECT_EQ(pool.Find("x"), kNullStringId);
  StringId x = pool.Intern("x");
  EXPECT_EQ(pool.Find("x"), x);
  EXPECT_EQ(pool.Find("y"), kNullStringId);
  EXPECT_EQ(pool.Find("xx"), kNullStringId);
  EXPECT_EQ(pool.size(), 2u) << "Find never adds";
}

TEST(StringPoolTest, EmbeddedNulAndBinary) {
  StringPool pool;
  std::string with_nul("a\0b", 3);
  StringId id = pool.Intern(with_nul);
  EXPECT_NE(pool.Intern("a"), id);
  EXPECT_EQ(pool.Get(id), with_nul);
  EXPECT_EQ(pool.Find(with_nul), id);
}

TEST(StringPoolTest, ManyStringsAcrossGrowth) {
  StringPool pool;
  std::vector<StringId> ids;
  const int kCount = 200000;  // Several hash-table growths and blocks.
  for (int i = 0; i < kCount; ++i) {
    ids.push_back(pool.Intern("string_number_" + std::to_string(i)));
  }
  EXPECT_EQ(pool.size(), static_cast<size_t>(kCount) + 1);
  for (int i = 0; i < kCount; ++i) {
    std::string s = "string_number_" + std::to_string(i);
    ASSERT_EQ(pool.Get(ids[i]), s);
    ASSERT_EQ(pool.Find(s), ids[i]);
    ASSERT_EQ(pool.Intern(s), ids[i]);
  }
  EXPECT_EQ(pool.size(), static_cast<size_t>(kCount) + 1);
}

TEST(StringPoolTest, BigStrings) {
  StringPool pool;
  StringId small1 = pool.Intern("before");
  std::string big(3 << 20, 'q');  // 3 MiB: larger than one block.
  big[12345] = 'z';
  StringId b = pool.Intern(big);
  StringId small2 = pool.Intern("after");
  std::string big2((1 << 20) - 2, 'r');  // Just around one block.
  StringId b2 = pool.Intern(big2);
  StringId small3 = pool.Intern("after2");
  EXPECT_EQ(pool.Get(b), big);
  EXPECT_EQ(pool.Get(b2), big2);
  EXPECT_EQ(pool.Get(small1), "before");
  EXPECT_EQ(pool.Get(small2), "after");
  EXPECT_EQ(pool.Get(small3), "after2");
  EXPECT_EQ(pool.Intern(big), b);
  EXPECT_EQ(pool.Find(big2), b2);
  EXPECT_EQ(pool.CStr(b)[big.size()], '\0');
  EXPECT_GT(pool.MemoryUsage(), 0u);
}

TEST(StringPoolTest, IdsStableWhileGrowing) {
  StringPool pool;
  StringId first = pool.Intern("first");
  const char* first_ptr = pool.CStr(first);
  for (int i = 0; i < 100000; ++i) pool.Intern(std::to_string(i) + "_padding_padding");
  EXPECT_EQ(pool.CStr(first), first_ptr) << "bytes never move";
  EXPECT_EQ(pool.Get(first), "first");
}

}  // namespace
}  // namespace weft
