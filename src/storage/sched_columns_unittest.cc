// Unit tests of sched_columns.h: ucpu stores nothing while it equals cpu and
// reads back every value otherwise; small priorities take a byte, others
// are kept aside; recent ids read back from 2-byte offsets or, in a block
// with a far one, 4-byte cells.
#include "src/storage/sched_columns.h"

#include <vector>

#include <gtest/gtest.h>

#include "src/storage/table.h"

namespace weft {
namespace {

class CpuPairTable final : public StoredTable {
 public:
  CpuPairTable() : StoredTable("pair") {}
  CompactUint32Column cpu{this, "cpu"};
  UcpuColumn ucpu{this, "ucpu", &cpu};
  SmallInt64Column priority{this, "priority"};
};

TEST(UcpuColumnTest, EqualToCpuStoresNothing) {
  CpuPairTable t;
  for (uint32_t r = 0; r < 100; ++r) {
    uint32_t cpu = r % 3 == 0 ? CompactUint32Column::kNull : r % 8;
    t.cpu.Append(cpu);
    t.ucpu.Append(cpu);
  }
  EXPECT_EQ(t.ucpu.MemoryUsage(), 0u);
  EXPECT_TRUE(t.ucpu.IsNull(0));
  EXPECT_EQ(t.ucpu[1], 1u);
  EXPECT_EQ(t.ucpu.GetInt(7), 7);
}

TEST(UcpuColumnTest, DifferentValuesAndSetsReadBack) {
  CpuPairTable t;
  const uint32_t kNull = UcpuColumn::kNull;
  t.cpu.Append(kNull);
  t.ucpu.AppendNull();
  t.cpu.Append(2);
  t.ucpu.Append(4096 + 2);  // A second machine's cpu 2.
  t.cpu.Append(5);
  t.ucpu.AppendNull();  // cpu without ucpu.
  t.cpu.Append(kNull);
  t.ucpu.Append(7);  // ucpu without cpu.
  EXPECT_EQ(t.ucpu[0], kNull);
  EXPECT_EQ(t.ucpu[1], 4098u);
  EXPECT_EQ(t.ucpu[2], kNull);
  EXPECT_EQ(t.ucpu[3], 7u);
  // Set after the row's cpu, as thread_state's running rows do.
  t.cpu.Set(0, 3);
  t.ucpu.Set(0, 3);
  EXPECT_EQ(t.ucpu[0], 3u);
  t.ucpu.Set(3, kNull);
  EXPECT_TRUE(t.ucpu.IsNull(3));
}

TEST(UcpuColumnTest, AppendGivenTheCpuMatchesAppendReadingItBack) {
  CpuPairTable read_back, given;
  const uint32_t kNull = UcpuColumn::kNull;
  // Equal, different (another machine's cpu), and NULL on either side.
  const uint32_t cases[][2] = {{kNull, kNull}, {3, 3}, {2, 4096 + 2}, {5, kNull}, {kNull, 7}};
  for (const auto& c : cases) {
    read_back.cpu.Append(c[0]);
    read_back.ucpu.Append(c[1]);
    given.cpu.Append(c[0]);
    given.ucpu.Append(c[1], c[0]);
  }
  for (uint32_t r = 0; r < 5; ++r) {
    EXPECT_EQ(given.ucpu[r], cases[r][1]) << r;
    EXPECT_EQ(given.ucpu[r], read_back.ucpu[r]) << r;
  }
}

TEST(SmallInt64ColumnTest, SmallValuesTakeAByteOthersAside) {
  CpuPairTable t;
  for (int64_t p : {120, 0, 139, 100}) t.priority.Append(p);
  EXPECT_LE(t.priority.MemoryUsage(), 16u);
  t.priority.Append(-1);
  t.priority.Append(int64_t{1} << 40);
  t.priority.Append(70000);
  EXPECT_EQ(t.priority[0], 120);
  EXPECT_EQ(t.priority[1], 0);
  EXPECT_EQ(t.priority[2], 139);
  EXPECT_EQ(t.priority[4], -1);
  EXPECT_EQ(t.priority[5], int64_t{1} << 40);
  EXPECT_EQ(t.priority.GetInt(6), 70000);
  t.priority.Set(4, 5);
  t.priority.Set(0, -20);
  EXPECT_EQ(t.priority[4], 5);
  EXPECT_EQ(t.priority[0], -20);
  EXPECT_FALSE(t.priority.IsNull(0));
}

TEST(RecentIdColumnTest, NearIdsTakeTwoBytesFarOnesWidenTheirBlock) {
  RecentIdColumn c(nullptr, "arg_set_id");
  std::vector<uint32_t> values;
  const uint32_t kNull = RecentIdColumn::kNull;
  // A block of growing ids, NULLs and recent ones; then one whose first
  // rows are NULL and that later gets a far id; then a near one again.
  for (uint32_t i = 0; i < 1024; ++i) values.push_back(i % 9 == 0 ? kNull : 100000 + i - (i % 4) * 30);
  for (uint32_t i = 0; i < 1024; ++i) values.push_back(i < 10 ? kNull : i == 700 ? 5 : 200000 + i);
  for (uint32_t i = 0; i < 50; ++i) values.push_back(300000 - i);
  for (uint32_t v : values) c.Append(v);
  ASSERT_EQ(c.size(), values.size());
  for (uint32_t r = 0; r < values.size(); ++r) {
    ASSERT_EQ(c[r], values[r]) << r;
    ASSERT_EQ(c.IsNull(r), values[r] == kNull) << r;
  }
  EXPECT_LT(c.MemoryUsage(), size_t{1024 * 2 * 2 + 1024 * 4 + 4096});
}

}  // namespace
}  // namespace weft
