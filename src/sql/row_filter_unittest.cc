#include "src/sql/row_filter.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/timestamp_column.h"

namespace weft {
namespace {

// Owns sqlite3_values made from literals, as a constraint's RHS would be.
class Values {
 public:
  Values() { sqlite3_open(":memory:", &db_); }
  ~Values() {
    for (sqlite3_value* v : values_) sqlite3_value_free(v);
    sqlite3_close(db_);
  }
  // |sql_literal| is any SQL expression, e.g. "5", "2.5", "'abc'", "NULL".
  sqlite3_value* Make(const std::string& sql_literal) {
    sqlite3_stmt* stmt = nullptr;
    std::string sql = "SELECT " + sql_literal;
    EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(stmt), SQLITE_ROW);
    sqlite3_value* v = sqlite3_value_dup(sqlite3_column_value(stmt, 0));
    sqlite3_finalize(stmt);
    values_.push_back(v);
    return v;
  }

 private:
  sqlite3* db_ = nullptr;
  std::vector<sqlite3_value*> values_;
};

// A table with one column of each kind:
//   0 id, 1 ts (sorted int64), 2 i (int64 with NULLs), 3 d (double with
//   NULLs), 4 s (string with NULLs), 5 u (uint32 with NULLs).
class TestTable final : public StoredTable {
 public:
  TestTable() : StoredTable("t") {}
  void Add(int64_t t, std::optional<int64_t> iv, std::optional<double> dv,
           StringId sv, std::optional<uint32_t> uv) {
    ts.Append(t);
    iv ? i.Append(*iv) : i.AppendNull();
    dv ? d.Append(*dv) : d.AppendNull();
    s.Append(sv);
    uv ? u.Append(*uv) : u.AppendNull();
    NextRow();
  }
  IdColumn id{this, "id"};
  Int64Column ts{this, "ts", kSorted};
  Int64Column i{this, "i"};
  DoubleColumn d{this, "d"};
  StringColumn s{this, "s"};
  Uint32Column u{this, "u"};
};

enum Col : uint32_t { kId = 0, kTs = 1, kI = 2, kD = 3, kS = 4, kU = 5 };

class RowFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // row: ts  i     d     s      u
    //  0:  10  5     1.5   "b"    1
    //  1:  10  NULL  NULL  NULL   NULL
    //  2:  20  -3    2.0   "a"    7
    //  3:  30  5     -0.5  "c"    3
    //  4:  30  100   2.5   "b"    NULL
    //  5:  40  0     NULL  ""     0
    StringId a = pool_.Intern("a"), b = pool_.Intern("b"), c = pool_.Intern("c"),
             e = pool_.Intern("");
    t_.Add(10, 5, 1.5, b, 1);
    t_.Add(10, std::nullopt, std::nullopt, kNullStringId, std::nullopt);
    t_.Add(20, -3, 2.0, a, 7);
    t_.Add(30, 5, -0.5, c, 3);
    t_.Add(30, 100, 2.5, b, std::nullopt);
    t_.Add(40, 0, std::nullopt, e, 0);
  }

  std::vector<uint32_t> Rows(const RowSet& rs) {
    std::vector<uint32_t> out;
    for (uint32_t k = 0; k < rs.size(); ++k) out.push_back(rs.at(k));
    return out;
  }
  std::vector<uint32_t> Filter(uint32_t col, FilterOp op, const std::string& v) {
    RowSet rs(t_.row_count());
    filter_.Apply(col, op, op == FilterOp::kIsNull || op == FilterOp::kIsNotNull
                               ? nullptr
                               : values_.Make(v),
                  &rs);
    return Rows(rs);
  }
  std::vector<uint32_t> In(uint32_t col, const std::vector<std::string>& vs) {
    std::vector<sqlite3_value*> in;
    for (const auto& v : vs) in.push_back(values_.Make(v));
    RowSet rs(t_.row_count());
    filter_.ApplyIn(col, in, &rs);
    return Rows(rs);
  }
  std::vector<uint32_t> Sorted(const std::vector<OrderTerm>& terms) {
    RowSet rs(t_.row_count());
    filter_.Sort(terms, &rs);
    return Rows(rs);
  }

  using V = std::vector<uint32_t>;
  StringPool pool_;
  TestTable t_;
  RowFilter filter_{&t_, &pool_};
  Values values_;
};

TEST_F(RowFilterTest, IntComparisonsSkipNulls) {
  EXPECT_EQ(Filter(kI, FilterOp::kEq, "5"), (V{0, 3}));
  EXPECT_EQ(Filter(kI, FilterOp::kNe, "5"), (V{2, 4, 5}));
  EXPECT_EQ(Filter(kI, FilterOp::kLt, "5"), (V{2, 5}));
  EXPECT_EQ(Filter(kI, FilterOp::kLe, "5"), (V{0, 2, 3, 5}));
  EXPECT_EQ(Filter(kI, FilterOp::kGt, "5"), (V{4}));
  EXPECT_EQ(Filter(kI, FilterOp::kGe, "5"), (V{0, 3, 4}));
  EXPECT_EQ(Filter(kI, FilterOp::kIsNull, ""), (V{1}));
  EXPECT_EQ(Filter(kI, FilterOp::kIsNotNull, ""), (V{0, 2, 3, 4, 5}));
}

TEST_F(RowFilterTest, IntAgainstDoubleAndText) {
  EXPECT_EQ(Filter(kI, FilterOp::kLt, "4.5"), (V{2, 5}));
  EXPECT_EQ(Filter(kI, FilterOp::kGt, "4.5"), (V{0, 3, 4}));
  EXPECT_EQ(Filter(kI, FilterOp::kEq, "5.0"), (V{0, 3}));
  EXPECT_EQ(Filter(kI, FilterOp::kEq, "5.0000001"), (V{}));
  EXPECT_EQ(Filter(kI, FilterOp::kGe, "-1e300"), (V{0, 2, 3, 4, 5}));
  // Numeric text converts (INTEGER affinity).
  EXPECT_EQ(Filter(kI, FilterOp::kEq, "'5'"), (V{0, 3}));
  // Non-numeric text sorts after every number.
  EXPECT_EQ(Filter(kI, FilterOp::kLt, "'abc'"), (V{0, 2, 3, 4, 5}));
  EXPECT_EQ(Filter(kI, FilterOp::kEq, "'abc'"), (V{}));
}

TEST_F(RowFilterTest, NullOperandMatchesNothingExceptIs) {
  for (FilterOp op : {FilterOp::kEq, FilterOp::kNe, FilterOp::kLt, FilterOp::kGe}) {
    EXPECT_EQ(Filter(kI, op, "NULL"), (V{}));
    EXPECT_EQ(Filter(kS, op, "NULL"), (V{}));
    EXPECT_EQ(Filter(kTs, op, "NULL"), (V{}));
  }
  EXPECT_EQ(Filter(kI, FilterOp::kIs, "NULL"), (V{1}));
  EXPECT_EQ(Filter(kI, FilterOp::kIsNot, "NULL"), (V{0, 2, 3, 4, 5}));
  EXPECT_EQ(Filter(kS, FilterOp::kIs, "NULL"), (V{1}));
  EXPECT_EQ(Filter(kU, FilterOp::kIs, "NULL"), (V{1, 4}));
}

TEST_F(RowFilterTest, IsWithValue) {
  EXPECT_EQ(Filter(kI, FilterOp::kIs, "5"), (V{0, 3}));
  EXPECT_EQ(Filter(kS, FilterOp::kIs, "'b'"), (V{0, 4}));
}

// BUG: in SQL, `NULL IS NOT 5` is TRUE (IS NOT never yields NULL), so NULL
// cells must be kept by IS NOT <value>. RowFilter drops them (it treats
// IS NOT like !=).
TEST_F(RowFilterTest, IsNotValueKeepsNulls) {
  EXPECT_EQ(Filter(kI, FilterOp::kIsNot, "5"), (V{1, 2, 4, 5}));
  EXPECT_EQ(Filter(kS, FilterOp::kIsNot, "'b'"), (V{1, 2, 3, 5}));
}

TEST_F(RowFilterTest, DoubleColumn) {
  EXPECT_EQ(Filter(kD, FilterOp::kEq, "2"), (V{2}));
  EXPECT_EQ(Filter(kD, FilterOp::kEq, "2.0"), (V{2}));
  EXPECT_EQ(Filter(kD, FilterOp::kGt, "1"), (V{0, 2, 4}));
  EXPECT_EQ(Filter(kD, FilterOp::kLe, "1.5"), (V{0, 3}));
  EXPECT_EQ(Filter(kD, FilterOp::kNe, "2.5"), (V{0, 2, 3}));
  EXPECT_EQ(Filter(kD, FilterOp::kLt, "0"), (V{3}));
  EXPECT_EQ(Filter(kD, FilterOp::kIsNull, ""), (V{1, 5}));
  EXPECT_EQ(Filter(kD, FilterOp::kLt, "'x'"), (V{0, 2, 3, 4}));
}

TEST_F(RowFilterTest, StringColumn) {
  EXPECT_EQ(Filter(kS, FilterOp::kEq, "'b'"), (V{0, 4}));
  EXPECT_EQ(Filter(kS, FilterOp::kEq, "'zzz'"), (V{})) << "not in pool";
  EXPECT_EQ(Filter(kS, FilterOp::kEq, "''"), (V{5})) << "empty is not NULL";
  EXPECT_EQ(Filter(kS, FilterOp::kNe, "'b'"), (V{2, 3, 5}));
  EXPECT_EQ(Filter(kS, FilterOp::kLt, "'b'"), (V{2, 5}));
  EXPECT_EQ(Filter(kS, FilterOp::kGe, "'b'"), (V{0, 3, 4}));
  EXPECT_EQ(Filter(kS, FilterOp::kGt, "'a'"), (V{0, 3, 4}));
  EXPECT_EQ(Filter(kS, FilterOp::kIsNull, ""), (V{1}));
  EXPECT_EQ(Filter(kS, FilterOp::kIsNotNull, ""), (V{0, 2, 3, 4, 5}));
  // A number compared with a TEXT column compares as text.
  pool_.Intern("5");
  EXPECT_EQ(Filter(kS, FilterOp::kEq, "5"), (V{}));
  EXPECT_EQ(Filter(kS, FilterOp::kGt, "5"), (V{0, 2, 3, 4}));
}

TEST_F(RowFilterTest, Uint32Column) {
  EXPECT_EQ(Filter(kU, FilterOp::kEq, "7"), (V{2}));
  EXPECT_EQ(Filter(kU, FilterOp::kGt, "0"), (V{0, 2, 3})) << "NULL sentinel is not a value";
  EXPECT_EQ(Filter(kU, FilterOp::kIsNull, ""), (V{1, 4}));
  EXPECT_EQ(Filter(kU, FilterOp::kEq, "4294967295"), (V{}));
}

TEST_F(RowFilterTest, IdColumnUsesRange) {
  RowSet rs(t_.row_count());
  filter_.Apply(kId, FilterOp::kEq, values_.Make("3"), &rs);
  EXPECT_TRUE(rs.is_range());
  EXPECT_EQ(Rows(rs), (V{3}));
  RowSet none(t_.row_count());
  filter_.Apply(kId, FilterOp::kEq, values_.Make("300"), &none);
  EXPECT_EQ(none.size(), 0u);
  RowSet neg(t_.row_count());
  filter_.Apply(kId, FilterOp::kEq, values_.Make("-1"), &neg);
  EXPECT_EQ(neg.size(), 0u);
  EXPECT_EQ(Filter(kId, FilterOp::kGe, "4"), (V{4, 5}));
  EXPECT_EQ(Filter(kId, FilterOp::kNe, "4"), (V{0, 1, 2, 3, 5}));
  EXPECT_EQ(Filter(kId, FilterOp::kIsNull, ""), (V{}));
  EXPECT_EQ(Filter(kId, FilterOp::kIsNotNull, ""), (V{0, 1, 2, 3, 4, 5}));
}

TEST_F(RowFilterTest, SortedColumnBinarySearchRanges) {
  struct Case {
    FilterOp op;
    const char* v;
    V want;
  } cases[] = {
      {FilterOp::kEq, "30", {3, 4}},   {FilterOp::kEq, "10", {0, 1}},
      {FilterOp::kEq, "25", {}},       {FilterOp::kLt, "30", {0, 1, 2}},
      {FilterOp::kLe, "30", {0, 1, 2, 3, 4}}, {FilterOp::kGt, "30", {5}},
      {FilterOp::kGe, "30", {3, 4, 5}}, {FilterOp::kGt, "40", {}},
      {FilterOp::kLt, "10", {}},       {FilterOp::kGe, "-5", {0, 1, 2, 3, 4, 5}},
      {FilterOp::kGt, "29.5", {3, 4, 5}}, {FilterOp::kLe, "29.5", {0, 1, 2}},
      {FilterOp::kEq, "30.0", {3, 4}}, {FilterOp::kEq, "30.5", {}},
      {FilterOp::kIs, "20", {2}},      {FilterOp::kNe, "30", {0, 1, 2, 5}},
      {FilterOp::kLt, "'x'", {0, 1, 2, 3, 4, 5}},
  };
  for (const Case& c : cases) {
    RowSet rs(t_.row_count());
    filter_.Apply(kTs, c.op, values_.Make(c.v), &rs);
    EXPECT_EQ(Rows(rs), c.want) << "op " << static_cast<int>(c.op) << " " << c.v;
  }
  // Two range constraints intersect and keep a range.
  RowSet rs(t_.row_count());
  filter_.Apply(kTs, FilterOp::kGe, values_.Make("20"), &rs);
  filter_.Apply(kTs, FilterOp::kLt, values_.Make("40"), &rs);
  EXPECT_TRUE(rs.is_range());
  EXPECT_EQ(Rows(rs), (V{2, 3, 4}));
  // Then a scan constraint on another column narrows the range.
  filter_.Apply(kI, FilterOp::kEq, values_.Make("5"), &rs);
  EXPECT_EQ(Rows(rs), (V{3}));
  // A sorted constraint after materialization still filters correctly.
  filter_.Apply(kTs, FilterOp::kEq, values_.Make("10"), &rs);
  EXPECT_EQ(Rows(rs), (V{}));
}

TEST(RowFilterLargeTest, BinarySearchMatchesScan) {
  StringPool pool;
  TestTable t;
  for (int k = 0; k < 3000; ++k) t.Add(k / 3 * 2, k, k * 0.5, kNullStringId, k);
  Values values;
  RowFilter f(&t, &pool);
  for (FilterOp op : {FilterOp::kEq, FilterOp::kLt, FilterOp::kLe, FilterOp::kGt,
                      FilterOp::kGe, FilterOp::kNe}) {
    for (double v : {-1.0, 0.0, 1.0, 2.0, 999.0, 1000.0, 1001.5, 1998.0, 1999.0, 5000.0}) {
      std::string lit = std::to_string(v);
      if (v == std::floor(v)) lit = std::to_string(static_cast<int64_t>(v));
      RowSet rs(t.row_count());
      f.Apply(kTs, op, values.Make(lit), &rs);
      std::vector<uint32_t> got;
      for (uint32_t k = 0; k < rs.size(); ++k) got.push_back(rs.at(k));
      std::vector<uint32_t> want;
      for (uint32_t r = 0; r < t.row_count(); ++r) {
        double x = static_cast<double>(t.ts[r]);
        bool m = op == FilterOp::kEq ? x == v
                 : op == FilterOp::kLt ? x < v
                 : op == FilterOp::kLe ? x <= v
                 : op == FilterOp::kGt ? x > v
                 : op == FilterOp::kGe ? x >= v
                                       : x != v;
        if (m) want.push_back(r);
      }
      ASSERT_EQ(got, want) << "op " << static_cast<int>(op) << " " << lit;
    }
  }
}

TEST_F(RowFilterTest, InList) {
  EXPECT_EQ(In(kI, {"5", "100"}), (V{0, 3, 4}));
  EXPECT_EQ(In(kI, {"NULL", "-3"}), (V{2})) << "NULL in the list matches nothing";
  EXPECT_EQ(In(kI, {}), (V{}));
  EXPECT_EQ(In(kS, {"'a'", "'c'", "'nope'"}), (V{2, 3}));
  EXPECT_EQ(In(kD, {"2", "1.5"}), (V{0, 2}));
  // Sorted and id columns: union of equal ranges, deduplicated, in order.
  EXPECT_EQ(In(kTs, {"30", "10", "30", "99"}), (V{0, 1, 3, 4}));
  EXPECT_EQ(In(kId, {"5", "0", "2", "77"}), (V{0, 2, 5}));
}

TEST_F(RowFilterTest, SortSingleTerm) {
  EXPECT_EQ(Sorted({{kI, false}}), (V{1, 2, 5, 0, 3, 4})) << "NULLs first, stable";
  EXPECT_EQ(Sorted({{kI, true}}), (V{4, 0, 3, 5, 2, 1})) << "NULLs last when desc";
  EXPECT_EQ(Sorted({{kD, false}}), (V{1, 5, 3, 0, 2, 4}));
  EXPECT_EQ(Sorted({{kS, false}}), (V{1, 5, 2, 0, 4, 3}));
  EXPECT_EQ(Sorted({{kS, true}}), (V{3, 0, 4, 2, 5, 1}));
  EXPECT_EQ(Sorted({{kU, false}}), (V{1, 4, 5, 0, 3, 2}));
}

TEST_F(RowFilterTest, SortMultipleTerms) {
  EXPECT_EQ(Sorted({{kI, false}, {kTs, true}}), (V{1, 2, 5, 3, 0, 4}));
  EXPECT_EQ(Sorted({{kTs, true}, {kI, true}}), (V{5, 4, 3, 2, 0, 1}));
  EXPECT_EQ(Sorted({{kS, false}, {kD, true}}), (V{1, 5, 2, 4, 0, 3}));
}

TEST_F(RowFilterTest, SortAfterFilter) {
  RowSet rs(t_.row_count());
  filter_.Apply(kTs, FilterOp::kGe, values_.Make("20"), &rs);
  filter_.Sort({{kI, true}}, &rs);
  EXPECT_EQ(Rows(rs), (V{4, 3, 5, 2}));
}

TEST_F(RowFilterTest, WalkFor) {
  using Walk = RowFilter::Walk;
  EXPECT_EQ(filter_.WalkFor({}), Walk::kForward);
  EXPECT_EQ(filter_.WalkFor({{kId, false}}), Walk::kForward);
  EXPECT_EQ(filter_.WalkFor({{kId, false}, {kI, true}}), Walk::kForward);
  EXPECT_EQ(filter_.WalkFor({{kTs, false}}), Walk::kForward);
  EXPECT_EQ(filter_.WalkFor({{kTs, false}, {kI, false}}), Walk::kSort)
      << "ts has ties: second key not satisfied";
  EXPECT_EQ(filter_.WalkFor({{kTs, true}}), Walk::kBackward);
  EXPECT_EQ(filter_.WalkFor({{kId, true}, {kI, false}}), Walk::kBackward);
  EXPECT_EQ(filter_.WalkFor({{kTs, true}, {kI, false}}), Walk::kSort);
  EXPECT_EQ(filter_.WalkFor({{kI, false}}), Walk::kSort);
}

TEST_F(RowFilterTest, LikeAndGlobMatchStringsLikeSqlite) {
  EXPECT_EQ(Filter(kS, FilterOp::kLike, "'B'"), (V{0, 4}));     // LIKE ignores ASCII case.
  EXPECT_EQ(Filter(kS, FilterOp::kLike, "'%'"), (V{0, 2, 3, 4, 5}));  // Not NULL.
  EXPECT_EQ(Filter(kS, FilterOp::kLike, "'_'"), (V{0, 2, 3, 4}));
  EXPECT_EQ(Filter(kS, FilterOp::kGlob, "'[ab]'"), (V{0, 2, 4}));
  EXPECT_EQ(Filter(kS, FilterOp::kGlob, "'B'"), (V{}));         // GLOB is case-sensitive.
  EXPECT_EQ(Filter(kS, FilterOp::kLike, "'zz%'"), (V{}));
  EXPECT_EQ(Filter(kS, FilterOp::kLike, "NULL"), (V{}));  // A NULL pattern matches nothing.
}

TEST_F(RowFilterTest, SortedColumnThenIdWalksForward) {
  using Walk = RowFilter::Walk;
  EXPECT_EQ(filter_.WalkFor({{kTs, false}, {kId, false}}), Walk::kForward);
  EXPECT_EQ(filter_.WalkFor({{kTs, true}, {kId, true}}), Walk::kBackward);
  EXPECT_EQ(filter_.WalkFor({{kTs, false}, {kId, true}}), Walk::kSort);
  EXPECT_EQ(filter_.WalkFor({{kTs, false}, {kI, false}}), Walk::kSort);
}

// Columns the filter scans through their cell arrays (Int64Cells,
// StringIdCells, directly and through an alias), over more rows than one
// loop block, from a range and from a list: the same rows as a plain
// comparison of every cell.
class DenseTable final : public StoredTable {
 public:
  DenseTable() : StoredTable("dense") {}
  void Add(int64_t value, StringId name) {
    v.Append(value);
    s.Append(name);
    NextRow();
  }
  IdColumn id{this, "id"};
  Int64Column v{this, "v"};    // No NULLs.
  StringColumn s{this, "s"};   // Some NULLs.
  AliasColumn alias_v{this, "alias_v", &v, kNoFlags};
  AliasColumn alias_s{this, "alias_s", &s, kNoFlags};
};

TEST(RowFilterScanTest, CellArrayScansMatchPlainComparisons) {
  StringPool pool;
  DenseTable t;
  const char* names[] = {"launching: a", "launching: b", "bind", "Choreographer#doFrame 1",
                         "RunTask", "a", "zzz"};
  constexpr uint32_t kRows = 20000;
  for (uint32_t r = 0; r < kRows; ++r) {
    t.Add(static_cast<int64_t>((r * 7919u) % 1000) - 500,
          r % 11 == 0 ? kNullStringId : pool.Intern(names[(r * 31u) % 7]));
  }
  ASSERT_NE(t.v.Int64Cells(), nullptr);
  ASSERT_NE(t.alias_s.StringIdCells(), nullptr);
  Values values;
  RowFilter f(&t, &pool);
  const FilterOp ops[] = {FilterOp::kEq, FilterOp::kNe, FilterOp::kLt, FilterOp::kLe,
                          FilterOp::kGt, FilterOp::kGe, FilterOp::kIs, FilterOp::kIsNot};
  auto matches = [](int cmp, FilterOp op) {
    switch (op) {
      case FilterOp::kEq: case FilterOp::kIs: return cmp == 0;
      case FilterOp::kNe: case FilterOp::kIsNot: return cmp != 0;
      case FilterOp::kLt: return cmp < 0;
      case FilterOp::kLe: return cmp <= 0;
      case FilterOp::kGt: return cmp > 0;
      default: return cmp >= 0;
    }
  };
  // Passes 2 and 3 pad the pool, so string comparisons are made per row,
  // not memoized per distinct string.
  for (int pass = 0; pass < 4; ++pass) {
    bool from_list = pass % 2 == 1;
    if (pass == 2) {
      for (int k = 0; k < 200000; ++k) pool.Intern("pad" + std::to_string(k));
    }
    for (FilterOp op : ops) {
      for (uint32_t col : {1u, 3u}) {  // v, alias_v
        RowSet rs(kRows);
        if (from_list) f.Apply(0, FilterOp::kNe, values.Make("5"), &rs);
        f.Apply(col, op, values.Make("17"), &rs);
        std::vector<uint32_t> got, want;
        for (uint32_t k = 0; k < rs.size(); ++k) got.push_back(rs.at(k));
        for (uint32_t r = 0; r < kRows; ++r) {
          int64_t x = t.v[r];
          if ((!from_list || r != 5) && matches(x < 17 ? -1 : x > 17, op)) want.push_back(r);
        }
        EXPECT_EQ(got, want) << "int col " << col << " op " << static_cast<int>(op);
      }
      for (uint32_t col : {2u, 4u}) {  // s, alias_s
        for (const char* text : {"launching: ", "launching: b", "RunTask", "b"}) {
          RowSet rs(kRows);
          if (from_list) f.Apply(0, FilterOp::kNe, values.Make("5"), &rs);
          f.Apply(col, op, values.Make(std::string("'") + text + "'"), &rs);
          std::vector<uint32_t> got, want;
          for (uint32_t k = 0; k < rs.size(); ++k) got.push_back(rs.at(k));
          for (uint32_t r = 0; r < kRows; ++r) {
            if (from_list && r == 5) continue;
            bool m = t.s[r] == kNullStringId
                         ? op == FilterOp::kIsNot
                         : matches(pool.Get(t.s[r]).compare(text), op);
            if (m) want.push_back(r);
          }
          EXPECT_EQ(got, want) << "string col " << col << " op " << static_cast<int>(op)
                               << " " << text;
        }
      }
    }
  }
}

// Compact columns keep no cell array: they are scanned a piece at a time
// (Column::ReadInt64s), over a range of rows or the whole table, with the
// same answers as row-by-row comparisons.
class CompactTable final : public StoredTable {
 public:
  CompactTable() : StoredTable("c") {}
  void Add(int64_t t, int64_t d) {
    ts.Append(t);
    dur.Append(d);
    depth.Append(static_cast<uint32_t>(t % 7));
    t % 5 == 0 ? parent.AppendNull() : parent.Append(static_cast<uint32_t>(t % 300));
    NextRow();
  }
  IdColumn id{this, "id"};
  TimestampColumn ts{this, "ts"};
  CompactInt64Column dur{this, "dur"};
  AliasColumn alias_ts{this, "alias_ts", &ts, kNoFlags};
  CompactUint32Column depth{this, "depth"};    // No NULLs: read in pieces.
  CompactUint32Column parent{this, "parent"};  // NULLs: read row by row.
};

TEST(RowFilterScanTest, CompactColumnPiecesMatchPlainComparisons) {
  StringPool pool;
  CompactTable t;
  constexpr uint32_t kRows = 5000;
  for (uint32_t r = 0; r < kRows; ++r) {
    int64_t wobble = static_cast<int64_t>((r * 7919u) % 1000);
    t.Add(1000000 + r * 10 - wobble, r == 77 ? (int64_t{1} << 40) : wobble - 500);
  }
  ASSERT_EQ(t.ts.Int64Cells(), nullptr);
  int64_t probe;
  ASSERT_TRUE(t.alias_ts.ReadInt64s(0, 1, &probe));
  Values values;
  RowFilter f(&t, &pool);
  const FilterOp ops[] = {FilterOp::kEq, FilterOp::kNe, FilterOp::kLt, FilterOp::kLe,
                          FilterOp::kGt, FilterOp::kGe, FilterOp::kIs, FilterOp::kIsNot};
  auto matches = [](int64_t x, int64_t v, FilterOp op) {
    switch (op) {
      case FilterOp::kEq: case FilterOp::kIs: return x == v;
      case FilterOp::kNe: case FilterOp::kIsNot: return x != v;
      case FilterOp::kLt: return x < v;
      case FilterOp::kLe: return x <= v;
      case FilterOp::kGt: return x > v;
      default: return x >= v;
    }
  };
  for (FilterOp op : ops) {
    for (uint32_t col : {1u, 2u, 3u, 4u, 5u}) {  // ts, dur, alias_ts, depth, parent
      const Column* c = t.columns()[col];
      int64_t operand = col == 2 ? 17 : col >= 4 ? 3 : c->GetInt(2500);
      for (uint32_t from : {0u, 1300u}) {
        RowSet rs(kRows);
        if (from) f.Apply(0, FilterOp::kGe, values.Make(std::to_string(from)), &rs);
        f.Apply(col, op, values.Make(std::to_string(operand)), &rs);
        std::vector<uint32_t> got, want;
        for (uint32_t k = 0; k < rs.size(); ++k) got.push_back(rs.at(k));
        for (uint32_t r = from; r < kRows; ++r) {
          bool null = c->IsNull(r);
          if (null ? op == FilterOp::kIsNot : matches(c->GetInt(r), operand, op)) {
            want.push_back(r);
          }
        }
        EXPECT_EQ(got, want) << "col " << col << " op " << static_cast<int>(op) << " from " << from;
      }
    }
  }
}

// IN lists over the scanned columns (cell arrays, pieces, pooled strings
// by id) give the rows a comparison with each value gives: few values and
// many, duplicates, NULL, text on an integer column, a string the pool
// does not hold, a double (compared as SQLite does).
TEST(RowFilterScanTest, InListsMatchPlainComparisons) {
  StringPool pool;
  const char* names[] = {"Layout", "UpdateLayoutTree", "RunTask", "a", "zzz"};
  DenseTable dense;
  CompactTable compact;
  constexpr uint32_t kRows = 5000;
  for (uint32_t r = 0; r < kRows; ++r) {
    dense.Add(static_cast<int64_t>((r * 7919u) % 40) - 20,
              r % 11 == 0 ? kNullStringId : pool.Intern(names[(r * 31u) % 5]));
    compact.Add(1000000 + r * 10, static_cast<int64_t>((r * 7919u) % 40));
  }
  std::vector<std::string> int_lists[] = {
      {"3"}, {"3", "-7", "3", "NULL"}, {"'abc'", "5"}, {"2.0", "4"}, {"2.5"}, {}, {"NULL"},
      {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "-1", "-2", "-3"}};
  std::vector<std::string> text_lists[] = {
      {"'Layout'", "'UpdateLayoutTree'"}, {"'a'", "'nope'", "'a'"}, {"'nope'"}, {"NULL", "'zzz'"},
      {"x'00'", "'RunTask'"}, {"'Layout'", "'UpdateLayoutTree'", "'RunTask'", "'a'", "'zzz'",
                               "'b'", "'c'", "'d'", "'e'", "'f'"}};
  Values values;
  auto in_rows = [&](const StoredTable& t, uint32_t col, const std::vector<std::string>& list,
                     bool from_list) {
    RowFilter f(&t, &pool);
    std::vector<sqlite3_value*> in;
    for (const std::string& v : list) in.push_back(values.Make(v));
    RowSet rs(kRows);
    if (from_list) f.Apply(0, FilterOp::kNe, values.Make("5"), &rs);
    f.ApplyIn(col, in, &rs);
    std::vector<uint32_t> got;
    for (uint32_t k = 0; k < rs.size(); ++k) got.push_back(rs.at(k));
    return got;
  };
  // The rows `col = v` keeps for some v of the list: Apply's answer.
  auto eq_rows = [&](const StoredTable& t, uint32_t col, const std::vector<std::string>& list,
                     bool from_list) {
    RowFilter f(&t, &pool);
    std::vector<bool> keep(kRows, false);
    for (const std::string& v : list) {
      RowSet rs(kRows);
      f.Apply(col, FilterOp::kEq, values.Make(v), &rs);
      for (uint32_t k = 0; k < rs.size(); ++k) keep[rs.at(k)] = true;
    }
    std::vector<uint32_t> want;
    for (uint32_t r = 0; r < kRows; ++r) {
      if (keep[r] && (!from_list || r != 5)) want.push_back(r);
    }
    return want;
  };
  for (bool from_list : {false, true}) {
    for (const auto& list : int_lists) {
      for (uint32_t col : {1u, 3u}) {  // dense v, alias_v (cells)
        EXPECT_EQ(in_rows(dense, col, list, from_list), eq_rows(dense, col, list, from_list))
            << "dense col " << col << " list of " << list.size() << " from_list " << from_list;
      }
      for (uint32_t col : {2u, 4u, 5u}) {  // compact dur, depth, parent
        EXPECT_EQ(in_rows(compact, col, list, from_list), eq_rows(compact, col, list, from_list))
            << "compact col " << col << " list of " << list.size() << " from_list " << from_list;
      }
    }
    for (const auto& list : text_lists) {
      for (uint32_t col : {2u, 4u}) {  // s, alias_s
        EXPECT_EQ(in_rows(dense, col, list, from_list), eq_rows(dense, col, list, from_list))
            << "string col " << col << " list of " << list.size() << " from_list " << from_list;
      }
    }
  }
  // The lists do match rows (the comparisons above are not of empty sets).
  EXPECT_FALSE(in_rows(dense, 2, {"'Layout'", "'RunTask'"}, false).empty());
  EXPECT_FALSE(in_rows(compact, 4, {"3", "5"}, false).empty());
}

}  // namespace
}  // namespace weft
