#include "src/base/hash.h"

#include <cstring>
#include <string>
#include <unordered_set>

#include <gtest/gtest.h>

namespace weft {
namespace {

uint64_t H(const std::string& s) { return HashBytes(s.data(), s.size()); }

TEST(HashTest, Deterministic) {
  EXPECT_EQ(H("hello"), H("hello"));
  std::string a = "some longer string crossing the 8-byte words";
  std::string b = a;  // Different buffer, same bytes.
  EXPECT_EQ(H(a), H(b));
}

TEST(HashTest, DependsOnEveryByteAndLength) {
  EXPECT_NE(H(""), H(std::string(1, '\0')));
  EXPECT_NE(H(std::string(1, '\0')), H(std::string(2, '\0')));
  EXPECT_NE(H(std::string(8, '\0')), H(std::string(9, '\0')));
  std::string base(37, 'a');
  for (size_t i = 0; i < base.size(); ++i) {
    std::string changed = base;
    changed[i] = 'b';
    EXPECT_NE(H(base), H(changed)) << "byte " << i;
  }
}

TEST(HashTest, FewCollisionsOnSimilarKeys) {
  std::unordered_set<uint64_t> seen;
  std::unordered_set<uint32_t> seen_high32;
  for (int i = 0; i < 100000; ++i) {
    std::string key = "key_" + std::to_string(i);
    uint64_t h = H(key);
    seen.insert(h);
    seen_high32.insert(static_cast<uint32_t>(h >> 32));
  }
  EXPECT_EQ(seen.size(), 100000u);
  // 32-bit fragments (used by StringPool): birthday bound ~1 collision.
  EXPECT_GT(seen_high32.size(), 99990u);
}

TEST(HashTest, ReadsOnlyGivenBytes) {
  char buf[16];
  memset(buf, 'x', sizeof(buf));
  uint64_t h1 = HashBytes(buf, 5);
  buf[5] = 'y';
  buf[12] = 'z';
  EXPECT_EQ(HashBytes(buf, 5), h1);
}

TEST(HashTest, MixAndCombine) {
  EXPECT_EQ(HashMix(12345), HashMix(12345));
  EXPECT_NE(HashMix(1), HashMix(2));
  EXPECT_NE(HashCombine(1, 2), HashCombine(2, 1));
  EXPECT_EQ(HashCombine(7, 8), HashCombine(7, 8));
}

}  // namespace
}  // namespace weft
