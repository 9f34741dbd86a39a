#include "src/sync_tracks/profile_call_rows.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(ArgSetCacheTest, FindsWhatWasInsertedAcrossGrowth) {
  ArgSetCache cache;
  // (node, sample count) keys; more than the initial table holds.
  for (uint32_t i = 0; i < 1000; ++i) cache.Insert((uint64_t{i % 37} << 32) | (i / 37 + 1), i + 1);
  for (uint32_t i = 0; i < 1000; ++i) {
    EXPECT_EQ(cache.Find((uint64_t{i % 37} << 32) | (i / 37 + 1)), i + 1) << i;
  }
  EXPECT_EQ(cache.Find(uint64_t{40} << 32), 0u);
  EXPECT_EQ(cache.Find(0), 0u);
}

}  // namespace
}  // namespace weft
