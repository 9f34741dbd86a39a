// Unit tests of the compact columns: cells read back as appended and set
// across every widening, NULLs kept, dictionary codes past the scanned few.
#include "src/storage/compact_column.h"

#include <vector>

#include <gtest/gtest.h>

#include "src/storage/piece_reader.h"

namespace weft {
namespace {

TEST(NarrowUintVectorTest, AllNullStoresNothing) {
  NarrowUintVector v;
  for (int i = 0; i < 100; ++i) v.push_back(NarrowUintVector::kNull);
  EXPECT_EQ(v.size(), 100u);
  EXPECT_EQ(v.width(), 0u);
  EXPECT_EQ(v.MemoryUsage(), 0u);
  EXPECT_EQ(v[57], NarrowUintVector::kNull);
}

TEST(NarrowUintVectorTest, WidensKeepingValuesAndNulls) {
  NarrowUintVector v;
  const uint32_t kNull = NarrowUintVector::kNull;
  std::vector<uint32_t> expected = {kNull, 3, 254, kNull};
  for (uint32_t x : expected) v.push_back(x);
  EXPECT_EQ(v.width(), 1u);
  for (uint32_t x : {255u, 65534u, kNull}) {
    expected.push_back(x);
    v.push_back(x);
  }
  EXPECT_EQ(v.width(), 2u);
  expected.push_back(65535u);
  v.push_back(65535u);
  expected.push_back(kNull - 1);
  v.push_back(kNull - 1);
  EXPECT_EQ(v.width(), 4u);
  ASSERT_EQ(v.size(), expected.size());
  for (uint32_t r = 0; r < expected.size(); ++r) EXPECT_EQ(v[r], expected[r]) << r;
}

TEST(NarrowUintVectorTest, WidensInPlaceAtMillionsOfRows) {
  // Past the size where cells are a mapping of their own (PodVector):
  // all-NULL cells widened to 1 byte, then to 4; NULLs and values where
  // they were.
  const uint32_t kNull = NarrowUintVector::kNull;
  auto expected = [&](uint32_t row) { return row % 5 == 0 ? kNull : row % 250; };
  NarrowUintVector v;
  const uint32_t kRows = 3000000;
  for (uint32_t r = 0; r < kRows; ++r) v.push_back(r < 1000 ? kNull : expected(r));
  EXPECT_EQ(v.width(), 1u);
  v.push_back(70000);
  EXPECT_EQ(v.width(), 4u);
  ASSERT_EQ(v.size(), kRows + 1);
  for (uint32_t r = 0; r < kRows; ++r) {
    ASSERT_EQ(v[r], r < 1000 ? kNull : expected(r)) << r;
  }
  EXPECT_EQ(v[kRows], 70000u);
}

TEST(NarrowUintVectorTest, WidensFromAllNull) {
  NarrowUintVector v;
  for (int i = 0; i < 3000; ++i) v.push_back(NarrowUintVector::kNull);
  v.push_back(1000);
  EXPECT_EQ(v.width(), 2u);
  for (uint32_t r = 0; r < 3000; ++r) ASSERT_EQ(v[r], NarrowUintVector::kNull) << r;
  EXPECT_EQ(v[3000], 1000u);
}

TEST(NarrowUintVectorTest, ReserveHoldsThroughWidening) {
  NarrowUintVector v;
  v.reserve(1000);
  EXPECT_EQ(v.MemoryUsage(), 0u);  // Width 0: nothing stored yet.
  v.push_back(7);
  EXPECT_GE(v.MemoryUsage(), 1000u);
  v.push_back(300);  // Widens to 2 bytes: room for 1000 cells still.
  EXPECT_GE(v.MemoryUsage(), 2000u);
  EXPECT_EQ(v[0], 7u);
  EXPECT_EQ(v[1], 300u);
  EXPECT_EQ(v.size(), 2u);
}

TEST(NarrowUintVectorTest, SetWidensAndClears) {
  NarrowUintVector v;
  for (int i = 0; i < 4; ++i) v.push_back(NarrowUintVector::kNull);
  v.Set(2, 7);
  EXPECT_EQ(v.width(), 1u);
  v.Set(1, 1000);
  EXPECT_EQ(v.width(), 2u);
  v.Set(2, NarrowUintVector::kNull);
  EXPECT_EQ(v[0], NarrowUintVector::kNull);
  EXPECT_EQ(v[1], 1000u);
  EXPECT_EQ(v[2], NarrowUintVector::kNull);
}

// AppendFill and Read agree with push_back and operator[] at every width,
// NULLs included, and Set's inlined path widens like push_back.
TEST(NarrowUintVectorTest, FillAndReadAtEveryWidth) {
  NarrowUintVector v;
  std::vector<uint32_t> expected;
  auto fill = [&](uint32_t value, size_t n) {
    v.AppendFill(value, n);
    expected.insert(expected.end(), n, value);
  };
  auto expect_reads = [&] {
    ASSERT_EQ(v.size(), expected.size());
    std::vector<uint32_t> out(expected.size());
    v.Read(0, static_cast<uint32_t>(out.size()), out.data());
    EXPECT_EQ(out, expected);
    for (uint32_t r = 0; r < expected.size(); ++r) ASSERT_EQ(v[r], expected[r]) << r;
  };
  fill(NarrowUintVector::kNull, 3);
  expect_reads();
  EXPECT_EQ(v.width(), 0u);
  fill(7, 5);
  expect_reads();
  EXPECT_EQ(v.width(), 1u);
  fill(NarrowUintVector::kNull, 2);
  fill(300, 4);
  expect_reads();
  EXPECT_EQ(v.width(), 2u);
  fill(70000, 1);
  expect_reads();
  EXPECT_EQ(v.width(), 4u);
  v.Set(0, 9);
  expected[0] = 9;
  expect_reads();
  NarrowUintVector narrow;
  narrow.push_back(1);
  narrow.Set(0, 255);  // 0xff is the 1-byte NULL: 255 needs 2 bytes.
  EXPECT_EQ(narrow.width(), 2u);
  EXPECT_EQ(narrow[0], 255u);
}

TEST(CompactUint32ColumnTest, ReadsLikeUint32Column) {
  CompactUint32Column c(nullptr, "cpu");
  c.Append(3);
  c.AppendNull();
  c.Append(70000);
  EXPECT_FALSE(c.IsNull(0));
  EXPECT_TRUE(c.IsNull(1));
  EXPECT_EQ(c.GetInt(0), 3);
  EXPECT_EQ(c.GetInt(2), 70000);
  c.Set(1, 5);
  EXPECT_EQ(c[1], 5u);
}

// Scans read it a piece at a time (Column::ReadInt64s) only while it
// holds no NULL: a NULL cell would read as a number.
TEST(CompactUint32ColumnTest, ReadsInt64sOnlyWithoutNulls) {
  for (uint32_t widest : {7u, 300u, 70000u}) {
    CompactUint32Column c(nullptr, "depth");
    c.Append(0);
    c.AppendFill(3, 4);
    c.Append(widest);
    c.Set(1, 2);
    int64_t out[7];  // Room for the 7-row reads below, which read nothing.
    ASSERT_TRUE(c.ReadInt64s(0, 6, out)) << widest;
    const int64_t want[] = {0, 2, 3, 3, 3, widest};
    for (uint32_t r = 0; r < 6; ++r) EXPECT_EQ(out[r], want[r]) << widest << " row " << r;
    c.AppendNull();
    EXPECT_FALSE(c.ReadInt64s(0, 7, out)) << widest;
    c.Set(6, 1);  // A NULL overwritten still counts: the test is per store.
    EXPECT_FALSE(c.ReadInt64s(0, 7, out)) << widest;
  }
  CompactUint32Column filled(nullptr, "parent_id");
  filled.AppendFill(CompactUint32Column::kNull, 3);
  int64_t out[3];
  EXPECT_FALSE(filled.ReadInt64s(0, 3, out));
}

TEST(CompactUint32ColumnTest, IndexedRowsByValue) {
  CompactUint32Column c(nullptr, "utid", kIndexed);
  for (uint32_t v : {2u, 0u, 2u, CompactUint32Column::kNull, 300u, 2u}) c.Append(v);
  const uint32_t* rows;
  size_t count;
  ASSERT_TRUE(c.EqualRows(2, &rows, &count));
  EXPECT_EQ(std::vector<uint32_t>(rows, rows + count), (std::vector<uint32_t>{0, 2, 5}));
  ASSERT_TRUE(c.EqualRows(300, &rows, &count));
  EXPECT_EQ(std::vector<uint32_t>(rows, rows + count), (std::vector<uint32_t>{4}));
  ASSERT_TRUE(c.EqualRows(1, &rows, &count));
  EXPECT_EQ(count, 0u);
  c.Append(1);  // Rows added later are indexed too.
  ASSERT_TRUE(c.EqualRows(1, &rows, &count));
  EXPECT_EQ(std::vector<uint32_t>(rows, rows + count), (std::vector<uint32_t>{6}));
  CompactUint32Column plain(nullptr, "cpu");
  EXPECT_FALSE(plain.EqualRows(1, &rows, &count));
}

TEST(DictStringColumnTest, ManyDistinctStrings) {
  DictStringColumn c(nullptr, "state");
  c.Append(kNullStringId);
  for (StringId id = 1; id <= 300; ++id) c.Append(id * 7);
  for (StringId id = 300; id >= 1; --id) c.Append(id * 7);
  EXPECT_TRUE(c.IsNull(0));
  for (uint32_t r = 1; r <= 300; ++r) {
    EXPECT_EQ(c.GetString(r), r * 7);
    EXPECT_EQ(c[600 - r + 1], r * 7);
  }
  c.Set(0, 14);
  c.Set(1, kNullStringId);
  EXPECT_EQ(c[0], 14u);
  EXPECT_TRUE(c.IsNull(1));
}

TEST(CompactInt64ColumnTest, ValuesOutsideInt32AreKeptAside) {
  CompactInt64Column c(nullptr, "dur");
  const int64_t values[] = {-1, 0, INT32_MAX, int64_t{INT32_MAX} + 1, INT32_MIN,
                            int64_t{INT32_MIN} + 1, INT64_MAX, INT64_MIN, 3000000000};
  for (int64_t v : values) c.Append(v);
  ASSERT_EQ(c.size(), 9u);
  for (uint32_t r = 0; r < 9; ++r) {
    EXPECT_EQ(c[r], values[r]) << r;
    EXPECT_EQ(c.GetInt(r), values[r]) << r;
    EXPECT_FALSE(c.IsNull(r));
  }
  c.Set(3, 5);  // Back inside int32: the aside value goes.
  c.Set(0, -5000000000);
  EXPECT_EQ(c[3], 5);
  EXPECT_EQ(c[0], -5000000000);
  EXPECT_EQ(c[1], 0);
}

TEST(CompactInt64ColumnTest, AppendBlockAndReadLikeRows) {
  CompactInt64Column c(nullptr, "dur");
  const int64_t values[] = {-1, 0, INT32_MAX, int64_t{INT32_MAX} + 1, INT32_MIN,
                            int64_t{INT32_MIN} + 1, INT64_MAX, 3000000000, 12};
  c.Append(4);
  c.AppendBlock(values, 9);
  int64_t out[10];
  ASSERT_TRUE(c.ReadInt64s(0, 10, out));
  EXPECT_EQ(out[0], 4);
  for (uint32_t r = 0; r < 9; ++r) {
    EXPECT_EQ(out[r + 1], values[r]) << r;
    EXPECT_EQ(c[r + 1], values[r]) << r;
  }
}

// Short values (and -1) in 3-byte cells, long ones aside: set back and
// forth, a row reads its last value.
TEST(CompactInt64ColumnTest, ShortValuesInThreeBytesLongOnesAside) {
  CompactInt64Column c(nullptr, "dur");
  const int64_t short_max = (int64_t{1} << 23) - 2;
  const int64_t values[] = {-1, 0, short_max, short_max + 1, -2, 1000, INT64_MIN};
  for (int64_t v : values) c.Append(v);
  for (uint32_t r = 0; r < 7; ++r) EXPECT_EQ(c[r], values[r]) << r;
  c.Set(3, 7);            // Long -> short.
  c.Set(4, 9000000000);   // Long -> long: its entry reused.
  c.Set(1, short_max + 5);  // Short -> long.
  EXPECT_EQ(c[3], 7);
  EXPECT_EQ(c[4], 9000000000);
  EXPECT_EQ(c[1], short_max + 5);
  EXPECT_TRUE(c.three_byte_cells());
}

// A column of mostly long values moves to 4-byte cells and keeps every
// value, before and after.
TEST(CompactInt64ColumnTest, MostlyLongValuesMoveToFourByteCells) {
  CompactInt64Column c(nullptr, "dur");
  auto value = [](uint32_t r) -> int64_t {
    if (r % 3 == 0) return int64_t{r} * 100000;  // Long from r = 84 on.
    if (r % 101 == 0) return int64_t{r} << 32;   // Outside int32.
    return r % 7;
  };
  const uint32_t n = 100000;
  for (uint32_t r = 0; r < n; ++r) c.Append(value(r));
  EXPECT_FALSE(c.three_byte_cells());
  std::vector<int64_t> out(n);
  c.Read(0, n, out.data());
  for (uint32_t r = 0; r < n; ++r) {
    ASSERT_EQ(c[r], value(r)) << r;
    ASSERT_EQ(out[r], value(r)) << r;
  }
  c.Set(5, -1);
  c.Set(6, int64_t{5} << 40);
  EXPECT_EQ(c[5], -1);
  EXPECT_EQ(c[6], int64_t{5} << 40);

  // The same when a Set makes the move: every row, the last one too.
  CompactInt64Column d(nullptr, "dur");
  for (uint32_t r = 0; r < n; ++r) d.Append(r % 7 + 1);
  for (uint32_t r = 1; r < n; r += 3) d.Set(r, int64_t{r} * 100000 + 9000000);
  EXPECT_FALSE(d.three_byte_cells());
  for (uint32_t r = 0; r < n; ++r) {
    ASSERT_EQ(d[r], r % 3 == 1 ? int64_t{r} * 100000 + 9000000 : r % 7 + 1) << r;
  }
}

// A slice column's string cells repeat in runs: the cached last code must
// not outlive a change of value.
TEST(DictStringColumnTest, RunsAndFills) {
  DictStringColumn c(nullptr, "category");
  const StringId ids[] = {5, 5, 9, 5, kNullStringId, 9, 11, 11, 5};
  for (StringId id : ids) c.Append(id);
  c.AppendFill(9, 3);
  c.AppendFill(kNullStringId, 2);
  for (uint32_t r = 0; r < 9; ++r) EXPECT_EQ(c[r], ids[r]) << r;
  for (uint32_t r = 9; r < 12; ++r) EXPECT_EQ(c[r], 9u) << r;
  EXPECT_TRUE(c.IsNull(12));
  EXPECT_TRUE(c.IsNull(13));
}

// Rows read through a PieceReader in any order (forward, back, across
// pieces, the last short piece) equal the column's.
TEST(PieceReaderTest, ReadsAnyRowLikeTheColumn) {
  CompactUint32Column c(nullptr, "track_id");
  for (uint32_t r = 0; r < 1000; ++r) {
    if (r % 97 == 0) {
      c.AppendNull();
    } else {
      c.Append(r % 300);
    }
  }
  PieceReader<uint32_t, CompactUint32Column> reader(c, 1000);
  for (uint32_t r : {0u, 1u, 255u, 256u, 999u, 3u, 511u, 998u, 0u, 700u, 699u}) {
    EXPECT_EQ(reader[r], c[r]) << r;
  }
  for (uint32_t r = 0; r < 1000; ++r) ASSERT_EQ(reader[r], c[r]) << r;
}

// Values in int32 cells: a short one is its cell; a wide one is kept
// aside until its key's value is short again.
TEST(WideInt64sTest, KeepsOnlyTheValuesOutsideInt32) {
  WideInt64s wide;
  int32_t cell = wide.Cell(7, -5, 0);
  EXPECT_EQ(cell, -5);
  EXPECT_EQ(wide.Value(7, cell), -5);
  const int64_t kLong = int64_t{3} << 40;
  cell = wide.Cell(7, kLong, cell);
  EXPECT_EQ(cell, WideInt64s::kWide);
  EXPECT_EQ(wide.Value(7, cell), kLong);
  EXPECT_EQ(wide.Value(7, wide.Cell(7, INT32_MIN, cell)), INT32_MIN);  // The marker's own value.
  EXPECT_EQ(wide.size(), 1u);
  cell = wide.Cell(7, INT32_MAX, WideInt64s::kWide);
  EXPECT_EQ(wide.Value(7, cell), INT32_MAX);
  EXPECT_EQ(wide.size(), 0u);  // Replaced by a short value: dropped.
  int32_t other = wide.Cell(8, 4, 0);
  EXPECT_EQ(wide.Value(8, other), 4);
  EXPECT_EQ(wide.size(), 0u);
}

}  // namespace
}  // namespace weft
