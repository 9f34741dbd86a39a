#include "src/sql/operators/slice_tree_functions.h"

#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/sql_engine.h"

namespace weft {
namespace {

using Rows = std::vector<uint32_t>;
using Strings = std::vector<std::string>;
constexpr uint32_t N = Uint32Column::kNull;

class SliceTreeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SliceTable& s = storage_.slice;
    StringId cat = storage_.Intern("cat");
    auto add = [&](const char* name, int64_t ts, int64_t dur, uint32_t track,
                   uint32_t depth, uint32_t parent) {
      return s.Insert(ts, dur, track, cat, storage_.Intern(name), depth,
                      parent, N);
    };
    add("A", 0, 100, 0, 0, N);     // 0
    add("A1", 10, 20, 0, 1, 0);    // 1
    add("A11", 12, 5, 0, 2, 1);    // 2
    add("X", 5, 10, 1, 0, N);      // 3: other track, inside A's time range
    add("A2", 40, 60, 0, 1, 0);    // 4
    add("A21", 100, 0, 0, 2, 4);   // 5: instant at A's end
    add("B", 100, -1, 0, 0, N);    // 6: starts as A ends, never ends
    add("B1", 100, 0, 0, 1, 6);    // 7
    add("B2", 200, 5, 0, 1, 6);    // 8
    storage_.Finalize();
    ASSERT_TRUE(engine_.Init().ok());
  }

  Rows Ancestors(int64_t id) {
    Rows rows{42};  // Cleared by the call.
    EXPECT_TRUE(AncestorSliceRows(storage_.slice, id, &rows)) << id;
    return rows;
  }
  Rows Descendants(int64_t id) {
    Rows rows{42};
    EXPECT_TRUE(DescendantSliceRows(storage_.slice, id, &rows)) << id;
    return rows;
  }

  // First column of every row; |error| receives a failure message.
  Strings Col(const std::string& sql, std::string* error = nullptr) {
    Strings out;
    Status s = engine_.Execute(sql, [&](sqlite3_stmt* stmt) {
      int rc;
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const unsigned char* t = sqlite3_column_text(stmt, 0);
        out.push_back(t ? reinterpret_cast<const char*>(t) : "NULL");
      }
      if (rc != SQLITE_DONE) return Status::Error(sqlite3_errmsg(engine_.db()));
      return Status::Ok();
    });
    if (error) {
      *error = s.message();
    } else {
      EXPECT_TRUE(s.ok()) << sql << ": " << s.message();
    }
    return out;
  }
  Strings ColumnNames(const std::string& sql) {
    Strings names;
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(engine_.db(), sql.c_str(), -1, &stmt, nullptr),
              SQLITE_OK);
    for (int i = 0; stmt && i < sqlite3_column_count(stmt); ++i) {
      names.push_back(sqlite3_column_name(stmt, i));
    }
    sqlite3_finalize(stmt);
    return names;
  }

  TraceStorage storage_;
  SqlEngine engine_{&storage_};
};

TEST_F(SliceTreeTest, AncestorsRootFirst) {
  EXPECT_EQ(Ancestors(0), Rows{});
  EXPECT_EQ(Ancestors(1), (Rows{0}));
  EXPECT_EQ(Ancestors(2), (Rows{0, 1}));
  EXPECT_EQ(Ancestors(3), Rows{});
  EXPECT_EQ(Ancestors(5), (Rows{0, 4}));
  EXPECT_EQ(Ancestors(8), (Rows{6}));
}

TEST_F(SliceTreeTest, UnknownIdsFail) {
  Rows rows{1};
  EXPECT_FALSE(AncestorSliceRows(storage_.slice, 9, &rows));
  EXPECT_TRUE(rows.empty());
  EXPECT_FALSE(AncestorSliceRows(storage_.slice, -1, &rows));
  EXPECT_FALSE(DescendantSliceRows(storage_.slice, 9, &rows));
  EXPECT_FALSE(DescendantSliceRows(storage_.slice, -5, &rows));
  EXPECT_FALSE(DescendantSliceRows(storage_.slice, int64_t{1} << 40, &rows));
}

TEST_F(SliceTreeTest, DescendantsFollowNestingNotTimeRanges) {
  EXPECT_EQ(Descendants(0), (Rows{1, 2, 4, 5}));  // Not B1 (same ts as A21).
  EXPECT_EQ(Descendants(1), (Rows{2}));
  EXPECT_EQ(Descendants(2), Rows{});
  EXPECT_EQ(Descendants(3), Rows{});  // X overlaps A1 in time only.
  EXPECT_EQ(Descendants(4), (Rows{5}));
  EXPECT_EQ(Descendants(6), (Rows{7, 8}));  // Unfinished: to the end.
  EXPECT_EQ(Descendants(7), Rows{});
}

// JS profile calls are inserted after the trace events and then made their
// parents: ids do not follow the nesting.
TEST_F(SliceTreeTest, ParentsInsertedAfterChildren) {
  TraceStorage storage;
  SliceTable& s = storage.slice;
  s.Insert(0, 100, 0, kNullStringId, kNullStringId, 0, N, N);   // 0: task
  s.Insert(10, 50, 0, kNullStringId, kNullStringId, 2, 3, N);   // 1: event in call 3
  s.Insert(20, 5, 0, kNullStringId, kNullStringId, 3, 1, N);    // 2
  s.Insert(10, 60, 0, kNullStringId, kNullStringId, 1, 0, N);   // 3: call, parent of 1
  Rows rows;
  EXPECT_TRUE(AncestorSliceRows(s, 2, &rows));
  EXPECT_EQ(rows, (Rows{0, 3, 1}));
  EXPECT_TRUE(DescendantSliceRows(s, 0, &rows));
  EXPECT_EQ(rows, (Rows{1, 2, 3}));
  EXPECT_TRUE(DescendantSliceRows(s, 3, &rows));
  EXPECT_EQ(rows, (Rows{1, 2}));
}

TEST_F(SliceTreeTest, MalformedParentCycleTerminates) {
  TraceStorage storage;
  // Row 0 claims row 1 as parent and row 1 claims row 0.
  storage.slice.Insert(0, 10, 0, kNullStringId, kNullStringId, 1, 1, N);
  storage.slice.Insert(1, 5, 0, kNullStringId, kNullStringId, 1, 0, N);
  storage.slice.Insert(2, 1, 0, kNullStringId, kNullStringId, 2, 2, N);
  Rows rows;
  EXPECT_TRUE(AncestorSliceRows(storage.slice, 1, &rows));
  EXPECT_EQ(rows, (Rows{0}));
  EXPECT_TRUE(AncestorSliceRows(storage.slice, 0, &rows));
  EXPECT_EQ(rows, Rows{});
  EXPECT_TRUE(AncestorSliceRows(storage.slice, 2, &rows));
  EXPECT_EQ(rows, Rows{});
  EXPECT_TRUE(DescendantSliceRows(storage.slice, 0, &rows));
  EXPECT_EQ(rows, Rows{});  // Row 1 is deeper, but row 0 is not its parent.
}

TEST_F(SliceTreeTest, EpochSetClearsBetweenResets) {
  EpochSet set;
  set.Reset(4);
  EXPECT_TRUE(set.Insert(2));
  EXPECT_FALSE(set.Insert(2));
  set.Reset(4);
  EXPECT_TRUE(set.Insert(2));
  set.Reset(10);  // Grows.
  EXPECT_TRUE(set.Insert(2));
  EXPECT_TRUE(set.Insert(9));
  EXPECT_FALSE(set.Insert(9));
}

TEST_F(SliceTreeTest, SqlColumnsMatchSliceTable) {
  EXPECT_EQ(ColumnNames("SELECT * FROM ancestor_slice(2)"),
            ColumnNames("SELECT * FROM slice"));
  EXPECT_EQ(ColumnNames("SELECT * FROM descendant_slice(0)"),
            ColumnNames("SELECT * FROM slice"));
  EXPECT_EQ(ColumnNames("SELECT * FROM slice").size(), 13u);
  EXPECT_EQ(Col("SELECT start_id || ',' || cat || ',' || slice_id || ',' || "
                "name FROM ancestor_slice(2)"),
            (Strings{"2,cat,0,A", "2,cat,1,A1"}));
}

TEST_F(SliceTreeTest, SqlCalls) {
  EXPECT_EQ(Col("SELECT name FROM ancestor_slice(2)"), (Strings{"A", "A1"}));
  EXPECT_EQ(Col("SELECT name FROM descendant_slice(0)"),
            (Strings{"A1", "A11", "A2", "A21"}));
  EXPECT_EQ(Col("SELECT count(*) FROM ancestor_slice(NULL)"), (Strings{"0"}));
  EXPECT_EQ(Col("SELECT count(*) FROM descendant_slice(NULL)"), (Strings{"0"}));
  // Filters on result columns are applied by SQLite.
  EXPECT_EQ(Col("SELECT id FROM descendant_slice(0) WHERE depth = 2"),
            (Strings{"2", "5"}));
  // Correlated, both as JOIN and LEFT JOIN.
  EXPECT_EQ(Col("SELECT count(*) FROM slice s JOIN ancestor_slice(s.id)"),
            (Strings{"8"}));
  EXPECT_EQ(Col("SELECT count(*) FROM slice s JOIN descendant_slice(s.id)"),
            (Strings{"8"}));
  EXPECT_EQ(Col("SELECT s.name || ':' || ifnull(a.name, '-') FROM slice s "
                "LEFT JOIN ancestor_slice(s.id) a ON a.depth = 0 ORDER BY s.id"),
            (Strings{"A:-", "A1:A", "A11:A", "X:-", "A2:A", "A21:A", "B:-",
                     "B1:B", "B2:B"}));
  EXPECT_EQ(Col("SELECT (SELECT count(*) FROM descendant_slice(s.id)) FROM "
                "slice s ORDER BY s.id"),
            (Strings{"4", "1", "0", "0", "1", "0", "2", "0", "0"}));
  // The argument may come from a later table in the FROM list.
  EXPECT_EQ(Col("SELECT a.name FROM ancestor_slice(s.id) a, slice s "
                "WHERE s.name = 'A11'"),
            (Strings{"A", "A1"}));
}

TEST_F(SliceTreeTest, SqlErrors) {
  std::string error;
  Col("SELECT * FROM ancestor_slice(9)", &error);
  EXPECT_NE(error.find("ancestor_slice: no row with id 9"), std::string::npos)
      << error;
  Col("SELECT * FROM descendant_slice(-1)", &error);
  EXPECT_NE(error.find("descendant_slice: no row with id -1"), std::string::npos)
      << error;
  Col("SELECT * FROM descendant_slice('x')", &error);
  EXPECT_NE(error.find("start id should be an integer"), std::string::npos)
      << error;
  Col("SELECT * FROM ancestor_slice(1.5)", &error);
  EXPECT_NE(error.find("start id should be an integer"), std::string::npos)
      << error;
  Col("SELECT * FROM ancestor_slice", &error);
  EXPECT_NE(error.find("missing argument"), std::string::npos) << error;
}

}  // namespace
}  // namespace weft
