#include "src/storage/column.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/storage/sparse_column.h"

namespace weft {
namespace {

TEST(NullBitmapTest, EmptyBitmapHasNoNulls) {
  NullBitmap b;
  EXPECT_FALSE(b.IsNull(0));
  EXPECT_FALSE(b.IsNull(1000));
}

TEST(NullBitmapTest, AppendAndSetAcrossWords) {
  NullBitmap b;
  for (uint32_t r = 0; r < 300; ++r) b.Append(r, r % 3 == 0);
  for (uint32_t r = 0; r < 300; ++r) ASSERT_EQ(b.IsNull(r), r % 3 == 0) << r;
  b.Set(63, true);
  b.Set(64, false);
  b.Set(0, false);
  EXPECT_TRUE(b.IsNull(63));
  EXPECT_FALSE(b.IsNull(64));
  EXPECT_FALSE(b.IsNull(0));
  EXPECT_TRUE(b.IsNull(3));
}

TEST(IdColumnTest, ValueIsRow) {
  IdColumn id(nullptr, "id");
  EXPECT_EQ(id.name(), "id");
  EXPECT_TRUE(id.is_id());
  EXPECT_TRUE(id.sorted());
  EXPECT_FALSE(id.IsNull(5));
  EXPECT_EQ(id.GetInt(5), 5);
  EXPECT_EQ(id.GetDouble(7), 7.0);
  IdColumn hidden(nullptr, "utid", kHidden);
  EXPECT_TRUE(hidden.hidden());
  EXPECT_EQ(hidden.type(), ColumnType::kInt64);
}

TEST(Int64ColumnTest, NoNulls) {
  Int64Column c(nullptr, "ts");
  EXPECT_EQ(c.type(), ColumnType::kInt64);
  for (int64_t i = 0; i < 100; ++i) c.Append(i - 50);
  ASSERT_EQ(c.size(), 100u);
  for (uint32_t r = 0; r < 100; ++r) {
    EXPECT_FALSE(c.IsNull(r));
    EXPECT_EQ(c[r], static_cast<int64_t>(r) - 50);
    EXPECT_EQ(c.GetInt(r), static_cast<int64_t>(r) - 50);
  }
}

TEST(Int64ColumnTest, AppendNullAfterValues) {
  Int64Column c(nullptr, "v");
  for (int i = 0; i < 70; ++i) c.Append(i);  // Crosses a bitmap word.
  c.AppendNull();
  c.Append(1000);
  c.AppendNull();
  ASSERT_EQ(c.size(), 73u);
  for (uint32_t r = 0; r < 70; ++r) ASSERT_FALSE(c.IsNull(r)) << r;
  EXPECT_TRUE(c.IsNull(70));
  EXPECT_FALSE(c.IsNull(71));
  EXPECT_EQ(c[71], 1000);
  EXPECT_TRUE(c.IsNull(72));
}

TEST(Int64ColumnTest, NullFirstThenValues) {
  Int64Column c(nullptr, "v");
  c.AppendNull();
  for (int i = 0; i < 200; ++i) c.Append(i);
  EXPECT_TRUE(c.IsNull(0));
  for (uint32_t r = 1; r <= 200; ++r) {
    ASSERT_FALSE(c.IsNull(r));
    ASSERT_EQ(c[r], static_cast<int64_t>(r) - 1);
  }
}

TEST(Int64ColumnTest, SetClearsNull) {
  Int64Column c(nullptr, "v");
  c.Append(1);
  c.AppendNull();
  c.AppendNull();
  c.Set(1, 55);
  EXPECT_FALSE(c.IsNull(1));
  EXPECT_EQ(c[1], 55);
  EXPECT_TRUE(c.IsNull(2));
  c.Set(0, -9);
  EXPECT_EQ(c[0], -9);
  EXPECT_FALSE(c.IsNull(0));
  // Set on a column without nulls.
  Int64Column d(nullptr, "w");
  d.Append(1);
  d.Set(0, 2);
  EXPECT_EQ(d[0], 2);
  EXPECT_FALSE(d.IsNull(0));
}

TEST(Uint32ColumnTest, NullSentinel) {
  Uint32Column c(nullptr, "utid");
  c.Append(0);
  c.AppendNull();
  c.Append(Uint32Column::kNull - 1);
  EXPECT_FALSE(c.IsNull(0));
  EXPECT_TRUE(c.IsNull(1));
  EXPECT_FALSE(c.IsNull(2));
  EXPECT_EQ(c.GetInt(2), int64_t{Uint32Column::kNull} - 1) << "unsigned, not sign-extended";
  c.Set(1, 9);
  EXPECT_FALSE(c.IsNull(1));
  EXPECT_EQ(c[1], 9u);
  c.Set(0, Uint32Column::kNull);
  EXPECT_TRUE(c.IsNull(0));
}

TEST(DoubleColumnTest, NullHandling) {
  DoubleColumn c(nullptr, "value");
  EXPECT_EQ(c.type(), ColumnType::kDouble);
  c.Append(1.5);
  c.AppendNull();
  c.Append(-2.25);
  for (int i = 0; i < 100; ++i) c.Append(i);
  EXPECT_FALSE(c.IsNull(0));
  EXPECT_TRUE(c.IsNull(1));
  EXPECT_FALSE(c.IsNull(2));
  EXPECT_EQ(c.GetDouble(0), 1.5);
  EXPECT_EQ(c.GetDouble(2), -2.25);
  EXPECT_EQ(c[102], 99.0);
  EXPECT_FALSE(c.IsNull(102));
}

TEST(StringColumnTest, NullIsIdZero) {
  StringPool pool;
  StringColumn c(nullptr, "name");
  EXPECT_EQ(c.type(), ColumnType::kString);
  StringId foo = pool.Intern("foo");
  StringId empty = pool.Intern("");
  c.Append(foo);
  c.Append(kNullStringId);
  c.Append(empty);
  EXPECT_FALSE(c.IsNull(0));
  EXPECT_TRUE(c.IsNull(1));
  EXPECT_FALSE(c.IsNull(2)) << "empty string is not NULL";
  std::string scratch;
  EXPECT_EQ(c.GetText(0, pool, &scratch), "foo");
  EXPECT_EQ(c.GetText(2, pool, &scratch), "");
  EXPECT_TRUE(c.text_is_pooled());
  c.Set(1, foo);
  EXPECT_FALSE(c.IsNull(1));
  EXPECT_EQ(c.GetString(1), foo);
}

TEST(MappedColumnTest, ReadsThroughRowMap) {
  StringPool pool;
  Int64Column ints(nullptr, "v");
  StringColumn strs(nullptr, "s");
  for (int i = 0; i < 10; ++i) {
    if (i == 4) {
      ints.AppendNull();
    } else {
      ints.Append(i * 10);
    }
    strs.Append(pool.Intern("s" + std::to_string(i)));
  }
  std::vector<uint32_t> rows = {1, 4, 9};
  MappedColumn mi(nullptr, &ints, &rows, kNoFlags);
  MappedColumn ms(nullptr, &strs, &rows, kNoFlags);
  EXPECT_EQ(mi.name(), "v");
  EXPECT_EQ(mi.GetInt(0), 10);
  EXPECT_TRUE(mi.IsNull(1));
  EXPECT_EQ(mi.GetInt(2), 90);
  std::string scratch;
  EXPECT_EQ(ms.GetText(2, pool, &scratch), "s9");
  EXPECT_EQ(ms.type(), ColumnType::kString);
}

TEST(SparseInt64ColumnTest, PresentAndAbsent) {
  SparseInt64Column c(nullptr, "thread_ts");
  c.AppendNull();
  c.Append(10);
  c.AppendNull();
  c.Append(30);
  EXPECT_FALSE(c.IsPresent(0));
  EXPECT_TRUE(c.IsNull(0));
  EXPECT_TRUE(c.IsPresent(1));
  EXPECT_FALSE(c.IsNull(1));
  EXPECT_EQ(c.Get(1), 10);
  EXPECT_EQ(c.GetInt(1), 10);
  EXPECT_TRUE(c.IsNull(2));
  EXPECT_EQ(c.Get(3), 30);
}

TEST(SparseInt64ColumnTest, NullValueReadsAsNullUntilSet) {
  SparseInt64Column c(nullptr, "thread_dur");
  c.Append(SparseInt64Column::kNullValue);
  c.Append(5);
  EXPECT_TRUE(c.IsPresent(0));
  EXPECT_TRUE(c.IsNull(0));
  c.Set(0, 123);
  EXPECT_FALSE(c.IsNull(0));
  EXPECT_EQ(c.Get(0), 123);
  EXPECT_EQ(c.Get(1), 5) << "Set must not disturb neighbours";
}

TEST(SparseInt64ColumnTest, RankAcrossWordBoundaries) {
  SparseInt64Column c(nullptr, "x");
  // Presence pattern chosen to hit bits 0, 62, 63 and first bits of words.
  auto present = [](uint32_t r) {
    uint32_t b = r & 63;
    return b == 0 || b == 62 || b == 63 || r % 7 == 0 || (r >= 128 && r < 192);
  };
  const uint32_t kRows = 5000;
  for (uint32_t r = 0; r < kRows; ++r) {
    if (present(r)) {
      c.Append(int64_t{r} * 1000 + 1);
    } else {
      c.AppendNull();
    }
  }
  for (uint32_t r = 0; r < kRows; ++r) {
    ASSERT_EQ(c.IsPresent(r), present(r)) << r;
    ASSERT_EQ(c.IsNull(r), !present(r)) << r;
    if (present(r)) {
      ASSERT_EQ(c.Get(r), int64_t{r} * 1000 + 1) << r;
    }
  }
  // Rewrite every present cell and re-check.
  for (uint32_t r = 0; r < kRows; ++r) {
    if (present(r)) c.Set(r, -int64_t{r});
  }
  for (uint32_t r = 0; r < kRows; ++r) {
    if (present(r)) {
      ASSERT_EQ(c.GetInt(r), -int64_t{r}) << r;
    }
  }
}

TEST(SparseInt64ColumnTest, AllPresentAndAllAbsent) {
  SparseInt64Column all(nullptr, "a"), none(nullptr, "n");
  for (uint32_t r = 0; r < 3000; ++r) {
    all.Append(r);
    none.AppendNull();
  }
  for (uint32_t r = 0; r < 3000; ++r) {
    ASSERT_EQ(all.Get(r), r);
    ASSERT_TRUE(none.IsNull(r));
    ASSERT_FALSE(none.IsPresent(r));
  }
}

TEST(SparseInt64ColumnTest, AppendNullsMatchesOneAtATime) {
  // Runs that start and end inside a word and span whole words.
  SparseInt64Column block(nullptr, "b"), single(nullptr, "s");
  int64_t v = 0;
  for (size_t run : {3u, 200u, 61u, 64u, 1u, 130u}) {
    block.Append(++v);
    single.Append(v);
    block.AppendNulls(run);
    for (size_t i = 0; i < run; ++i) single.AppendNull();
  }
  for (uint32_t r = 0; r < 465; ++r) {
    ASSERT_EQ(block.IsNull(r), single.IsNull(r)) << r;
    if (!single.IsNull(r)) {
      ASSERT_EQ(block.Get(r), single.Get(r)) << r;
    }
  }
}

TEST(Int64ColumnTest, AppendBlockKeepsNullBits) {
  Int64Column c(nullptr, "x");
  c.AppendNull();
  const int64_t values[] = {4, 5, 6};
  c.AppendBlock(values, 3);
  EXPECT_TRUE(c.IsNull(0));
  for (uint32_t r = 1; r <= 3; ++r) {
    EXPECT_FALSE(c.IsNull(r));
    EXPECT_EQ(c[r], static_cast<int64_t>(r + 3));
  }
}

TEST(Uint32ColumnTest, AppendBlockAndFill) {
  Uint32Column c(nullptr, "x");
  const uint32_t values[] = {7, 8};
  c.AppendBlock(values, 2);
  c.AppendFill(Uint32Column::kNull, 3);
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[1], 8u);
  EXPECT_TRUE(c.IsNull(4));
}


TEST(SparseUint32ColumnTest, AllNullStoresNothing) {
  SparseUint32Column c(nullptr, "irq_context");
  for (uint32_t r = 0; r < 100000; ++r) c.Put(r, SparseUint32Column::kNull);
  EXPECT_EQ(c.MemoryUsage(), 0u);
  EXPECT_TRUE(c.IsNull(99999));
  EXPECT_EQ(c[0], SparseUint32Column::kNull);
}

TEST(SparseUint32ColumnTest, FirstValueAfterAbsentRowsInAndAcrossWords) {
  // The first present row lands inside a word, after whole words, and the
  // cells widen from 1 to 2 to 4 bytes; rows never put (between the present
  // ones, and after the last) read as NULL.
  for (uint32_t first : {0u, 5u, 64u, 130u}) {
    SparseUint32Column c(nullptr, "waker_utid");
    c.Put(first, 7);
    c.Put(first + 2, 300);
    c.Put(first + 73, 70000);
    for (uint32_t r = 0; r < first; ++r) ASSERT_TRUE(c.IsNull(r)) << first << " " << r;
    EXPECT_EQ(c[first], 7u);
    EXPECT_TRUE(c.IsNull(first + 1));
    EXPECT_EQ(c.GetInt(first + 2), 300);
    EXPECT_TRUE(c.IsNull(first + 3));
    EXPECT_EQ(c[first + 73], 70000u);
    for (uint32_t r = first + 74; r < first + 300; ++r) ASSERT_TRUE(c.IsNull(r)) << r;
  }
}

TEST(SparseUint32ColumnTest, PutsOfNullAndValuesMatchACompactColumn) {
  SparseUint32Column sparse(nullptr, "s");
  CompactUint32Column compact(nullptr, "c");
  for (uint32_t r = 0; r < 64000; ++r) {
    // Runs of NULLs of every length, across and within words.
    uint32_t v = (r * 7919) % 13 == 0 ? r % 200 : SparseUint32Column::kNull;
    sparse.Put(r, v);
    compact.Append(v);
  }
  for (uint32_t r = 0; r < 64000; ++r) ASSERT_EQ(sparse[r], compact[r]) << r;
  // A bit and a share of a prefix per row, a byte per present row: under
  // half a byte a row, where the compact column takes one.
  EXPECT_LT(sparse.MemoryUsage(), compact.MemoryUsage() * 2 / 3);
}

TEST(PresenceBitsTest, AbsentRunsBeforeAndAfterTheFirstPresentRow) {
  PresenceBits bits;
  bits.AppendAbsent(100);
  EXPECT_EQ(bits.MemoryUsage(), 0u);
  bits.Append(true);  // Row 100.
  bits.AppendAbsent(200);
  bits.Append(true);  // Row 301.
  ASSERT_EQ(bits.size(), 302u);
  for (uint32_t r = 0; r < 302; ++r) {
    ASSERT_EQ(bits.IsPresent(r), r == 100 || r == 301) << r;
  }
  EXPECT_EQ(bits.Rank(100), 0u);
  EXPECT_EQ(bits.Rank(301), 1u);
}

TEST(PresenceBitsTest, PresentAtMatchesOneRowAtATime) {
  // Gaps of 0 to 200 rows before each present row: inside a word, to its
  // last bit, across one and several words.
  PresenceBits by_row, one_at_a_time;
  uint32_t row = 0;
  for (uint32_t gap : {0u, 0u, 3u, 60u, 0u, 64u, 127u, 1u, 200u, 62u, 0u}) {
    row += gap;
    by_row.AppendPresentAt(row);
    one_at_a_time.AppendAbsent(gap);
    one_at_a_time.Append(true);
    ++row;
  }
  ASSERT_EQ(by_row.size(), one_at_a_time.size());
  for (uint32_t r = 0; r < row + 100; ++r) {
    ASSERT_EQ(by_row.IsPresent(r), one_at_a_time.IsPresent(r)) << r;
    if (by_row.IsPresent(r)) {
      ASSERT_EQ(by_row.Rank(r), one_at_a_time.Rank(r)) << r;
    }
  }
  EXPECT_FALSE(by_row.IsPresent(row + 64));  // Past the last row: absent.
}

TEST(EarlierRowColumnTest, ReadsBackEarlierRowsAndNulls) {
  EarlierRowColumn c(nullptr, "waker_id");
  c.Put(0, EarlierRowColumn::kNull);
  c.Put(1, 0);
  c.Put(2, 2);  // Its own row.
  c.Put(3, EarlierRowColumn::kNull);
  c.Put(400, 1);  // 399 back: wider cells.
  c.Put(70000, 0);  // 70000 back: wider still.
  EXPECT_TRUE(c.IsNull(0));
  EXPECT_EQ(c[0], EarlierRowColumn::kNull);
  EXPECT_EQ(c[1], 0u);
  EXPECT_EQ(c.GetInt(2), 2);
  EXPECT_TRUE(c.IsNull(3));
  EXPECT_EQ(c[400], 1u);
  EXPECT_TRUE(c.IsNull(69999));
  EXPECT_EQ(c[70000], 0u);
  EXPECT_FALSE(c.IsNull(70000));
  EXPECT_TRUE(c.IsNull(70001));  // Not put yet.
}

}  // namespace
}  // namespace weft
