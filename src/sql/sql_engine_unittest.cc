#include "src/sql/sql_engine.h"

#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

using Result = std::vector<std::vector<std::string>>;

class SqlEngineTest : public ::testing::Test {
 protected:
  static constexpr uint32_t N = Uint32Column::kNull;

  void SetUp() override {
    TraceStorage& s = storage_;
    // Processes / threads (row 0 = idle placeholders).
    s.process.Insert(0);
    uint32_t upid = s.process.Insert(100);
    s.process.name.Set(upid, s.Intern("browser"));
    s.thread.Insert(0);
    uint32_t main = s.thread.Insert(100);
    s.thread.upid.Set(main, upid);
    s.thread.name.Set(main, s.Intern("CrMain"));
    uint32_t io = s.thread.Insert(101);
    s.thread.upid.Set(io, upid);
    s.thread.name.Set(io, s.Intern("IO"));

    // Tracks: 0 = main thread, 1 = io thread, 2 = process counter.
    TrackTable::Row row;
    row.type = s.Intern("thread");
    row.utid = main;
    s.track.Insert(row, s.Intern("slice"));
    row.utid = io;
    s.track.Insert(row, s.Intern("slice"));
    TrackTable::Row counter;
    counter.name = s.Intern("mem");
    counter.upid = upid;
    counter.event_type = TrackEventType::kCounter;
    s.track.Insert(counter, s.Intern("counter"));

    // Args: set A = {foo: 42, bar: "baz", r: 2.5}, set B = {foo: -1}.
    StringId foo = s.Intern("foo"), bar = s.Intern("bar"), r = s.Intern("r"),
             flag = s.Intern("flag");
    set_a_ = s.args.BeginSet();
    s.args.AddInt(set_a_, foo, foo, 42);
    s.args.AddString(set_a_, bar, bar, s.Intern("baz"));
    s.args.AddReal(set_a_, r, r, 2.5);
    set_a_ = s.args.FinishSet();
    set_b_ = s.args.BeginSet();
    s.args.AddInt(set_b_, foo, foo, -1);
    s.args.AddBool(set_b_, flag, flag, true);
    set_b_ = s.args.FinishSet();

    // Slices (ts sorted), ids 0..7.
    StringId cat = s.Intern("cat"), other = s.Intern("other");
    auto name = [&](const char* n) { return s.Intern(n); };
    s.slice.Insert(100, 50, 0, cat, name("foo"), 0, N, set_a_);     // 0
    s.slice.Insert(110, 10, 0, cat, name("bar"), 1, 0, N);          // 1
    s.slice.Insert(130, 5, 0, other, name("baz"), 1, 0, set_b_);    // 2
    s.slice.Insert(200, 0, 1, cat, name("io"), 0, N, N);            // 3
    s.slice.Insert(300, 100, 0, cat, name("Foo"), 0, N, N);         // 4
    s.slice.Insert(310, 20, 0, kNullStringId, name("child"), 1, 4, N);  // 5
    s.slice.Insert(400, -1, 1, cat, name("open"), 0, N, N);         // 6
    s.slice.Insert(500, 1, 1, cat, name("io"), 0, N, N);            // 7

    s.counter.Insert(100, 2, 1.0, N);
    s.counter.Insert(200, 2, 3.5, N);
    s.flow.Insert(1, 3);
    s.stats.Increment(Stat::misplaced_end_event, 3);
    s.Finalize();
    ASSERT_TRUE(engine_.Init().ok());
  }

  Result Query(const std::string& sql, Status* status_out = nullptr) {
    Result out;
    Status s = engine_.Execute(sql, [&](sqlite3_stmt* stmt) {
      int rc;
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        std::vector<std::string> row;
        for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
          const unsigned char* t = sqlite3_column_text(stmt, c);
          row.push_back(t ? reinterpret_cast<const char*>(t) : "NULL");
        }
        out.push_back(row);
      }
      if (rc != SQLITE_DONE) return Status::Error(sqlite3_errmsg(engine_.db()));
      return Status::Ok();
    });
    if (status_out) {
      *status_out = s;
    } else {
      EXPECT_TRUE(s.ok()) << sql << ": " << s.message();
    }
    return out;
  }
  // First column of every row.
  std::vector<std::string> Col(const std::string& sql) {
    std::vector<std::string> out;
    for (auto& row : Query(sql)) out.push_back(row.at(0));
    return out;
  }
  std::string One(const std::string& sql) {
    Result r = Query(sql);
    EXPECT_EQ(r.size(), 1u) << sql;
    return r.empty() || r[0].empty() ? "<none>" : r[0][0];
  }

  using S = std::vector<std::string>;
  TraceStorage storage_;
  SqlEngine engine_{&storage_};
  uint32_t set_a_ = 0, set_b_ = 0;
};

TEST_F(SqlEngineTest, SelectWithFilters) {
  EXPECT_EQ(One("SELECT count(*) FROM slice"), "8");
  EXPECT_EQ(Col("SELECT id FROM slice WHERE ts >= 200 AND ts < 400"), (S{"3", "4", "5"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE dur > 10"), (S{"0", "4", "5"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE name = 'io'"), (S{"3", "7"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE name != 'io' AND track_id = 1"), (S{"6"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE category IS NULL"), (S{"5"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE parent_id = 4"), (S{"5"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE parent_id IS NOT NULL"), (S{"1", "2", "5"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE id IN (1, 3, 99)"), (S{"1", "3"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE name IN ('foo', 'child')"), (S{"0", "5"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE name LIKE 'f%'"), (S{"0", "4"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE name GLOB 'F*'"), (S{"4"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE ts BETWEEN 110 AND 130"), (S{"1", "2"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE ts = '200'"), (S{"3"}));
  EXPECT_EQ(Col("SELECT value FROM counter WHERE value > 2"), (S{"3.5"}));
}

TEST_F(SqlEngineTest, IdLookup) {
  EXPECT_EQ(Query("SELECT id, ts, dur, name FROM slice WHERE id = 5"),
            (Result{{"5", "310", "20", "child"}}));
  EXPECT_EQ(Query("SELECT id FROM slice WHERE id = 50"), Result{});
  EXPECT_EQ(Query("SELECT id FROM slice WHERE id = -1"), Result{});
  EXPECT_EQ(One("SELECT slice_id FROM slice WHERE id = 2"), "2");
  // The id constraint is pushed into the virtual table (no SQLite-side
  // filtering of a full scan).
  Result plan = Query("EXPLAIN QUERY PLAN SELECT * FROM slice WHERE id = 5");
  ASSERT_FALSE(plan.empty());
  std::string detail = plan[0].back();
  EXPECT_NE(detail.find("VIRTUAL TABLE"), std::string::npos) << detail;
  EXPECT_NE(detail.find("0=s"), std::string::npos) << "constraint on column 0: " << detail;
}

TEST_F(SqlEngineTest, OrderBy) {
  EXPECT_EQ(Col("SELECT id FROM slice ORDER BY dur DESC, id"),
            (S{"4", "0", "5", "1", "2", "7", "3", "6"}));
  EXPECT_EQ(Col("SELECT id FROM slice ORDER BY name, ts DESC"),
            (S{"4", "1", "2", "5", "0", "7", "3", "6"}));
  EXPECT_EQ(Col("SELECT id FROM slice ORDER BY category, id"),
            (S{"5", "0", "1", "3", "4", "6", "7", "2"}))
      << "NULL first";
  EXPECT_EQ(Col("SELECT id FROM slice ORDER BY ts DESC LIMIT 2"), (S{"7", "6"}));
  EXPECT_EQ(Col("SELECT id FROM slice ORDER BY ts LIMIT 2 OFFSET 3"), (S{"3", "4"}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE track_id = 1 ORDER BY ts DESC"),
            (S{"7", "6", "3"}));
}

TEST_F(SqlEngineTest, Joins) {
  EXPECT_EQ(Query("SELECT s.id, t.name FROM slice s JOIN thread_track tt ON "
                  "s.track_id = tt.id JOIN thread t USING (utid) "
                  "WHERE s.dur >= 20 ORDER BY s.id"),
            (Result{{"0", "CrMain"}, {"4", "CrMain"}, {"5", "CrMain"}}));
  EXPECT_EQ(Query("SELECT p.name, count(*) FROM slice s JOIN thread_track tt "
                  "ON s.track_id = tt.id JOIN thread USING (utid) JOIN process "
                  "p USING (upid) GROUP BY p.name"),
            (Result{{"browser", "8"}}));
  EXPECT_EQ(Query("SELECT a.name, b.name FROM flow f JOIN slice a ON a.id = "
                  "f.slice_out JOIN slice b ON b.id = f.slice_in"),
            (Result{{"bar", "io"}}));
  EXPECT_EQ(Query("SELECT c.name, c.id FROM slice c JOIN slice p ON c.parent_id = "
                  "p.id WHERE p.name = 'foo' ORDER BY c.ts"),
            (Result{{"bar", "1"}, {"baz", "2"}}));
  EXPECT_EQ(Col("SELECT id FROM slice WHERE track_id IN (SELECT id FROM "
                "thread_track WHERE utid = 2)"),
            (S{"3", "6", "7"}));
}

TEST_F(SqlEngineTest, ChildTracksShareIds) {
  EXPECT_EQ(Col("SELECT id FROM thread_track ORDER BY id"), (S{"0", "1"}));
  EXPECT_EQ(Col("SELECT id FROM counter_track"), (S{"2"}));
  EXPECT_EQ(Col("SELECT id FROM process_counter_track WHERE upid = 1"), (S{"2"}));
  EXPECT_EQ(One("SELECT utid FROM thread_track WHERE id = 1"), "2");
  EXPECT_EQ(One("SELECT count(*) FROM track"), "3");
  EXPECT_EQ(Query("SELECT t.name FROM counter JOIN counter_track t ON "
                  "counter.track_id = t.id WHERE counter.ts = 200"),
            (Result{{"mem"}}));
}

TEST_F(SqlEngineTest, ExtractArg) {
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'foo') FROM slice WHERE id = 0"), "42");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'bar') FROM slice WHERE id = 0"), "baz");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'r') FROM slice WHERE id = 0"), "2.5");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'foo') FROM slice WHERE id = 2"), "-1");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'flag') FROM slice WHERE id = 2"), "1");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'bar') FROM slice WHERE id = 2"), "NULL");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'foo') FROM slice WHERE id = 1"), "NULL");
  EXPECT_EQ(One("SELECT extract_arg(arg_set_id, 'never_interned') FROM slice WHERE id = 0"), "NULL");
  EXPECT_EQ(One("SELECT extract_arg(NULL, 'foo')"), "NULL");
  EXPECT_EQ(Col("SELECT id FROM slice WHERE extract_arg(arg_set_id, 'foo') > 0"), (S{"0"}));
  EXPECT_EQ(One("SELECT typeof(extract_arg(arg_set_id, 'r')) FROM slice WHERE id = 0"), "real");
  Status st;
  Query("SELECT extract_arg('x', 'foo')", &st);
  EXPECT_FALSE(st.ok());
}

TEST_F(SqlEngineTest, ArgsTableColumns) {
  EXPECT_EQ(Query("SELECT key, value_type, int_value, string_value, real_value, "
                  "display_value FROM args WHERE arg_set_id = " +
                  std::to_string(set_a_) + " ORDER BY key"),
            (Result{{"bar", "string", "NULL", "baz", "NULL", "baz"},
                    {"foo", "int", "42", "NULL", "NULL", "42"},
                    {"r", "real", "NULL", "NULL", "2.5", "2.500000"}}));
  EXPECT_EQ(Col("SELECT display_value FROM args WHERE key = 'flag'"), (S{"true"}));
  EXPECT_EQ(Col("SELECT arg_set_id FROM args WHERE display_value = '-1'"),
            (S{std::to_string(set_b_)}));
  EXPECT_EQ(Col("SELECT key FROM args WHERE value_type = 'bool'"), (S{"flag"}));
}

TEST_F(SqlEngineTest, StatsAndEmptyTables) {
  EXPECT_EQ(One("SELECT count(*) FROM stats"),
            std::to_string(static_cast<int>(Stat::kCount)));
  EXPECT_EQ(One("SELECT value FROM stats WHERE name = 'misplaced_end_event'"), "3");
  EXPECT_EQ(One("SELECT count(*) FROM sched"), "0");
  EXPECT_EQ(Query("SELECT * FROM thread_state WHERE id = 0"), Result{});
}

TEST_F(SqlEngineTest, HiddenColumns) {
  // `cat` is a hidden alias: not in SELECT *, but selectable by name.
  Result star = Query("SELECT * FROM slice WHERE id = 0");
  ASSERT_EQ(star.size(), 1u);
  EXPECT_EQ(star[0].size(), 13u);
  EXPECT_EQ(One("SELECT cat FROM slice WHERE id = 2"), "other");
  EXPECT_EQ(Col("SELECT id FROM slice WHERE cat = 'other'"), (S{"2"}));
}

TEST_F(SqlEngineTest, MultipleStatements) {
  Result r = Query("CREATE TEMP TABLE x AS SELECT id FROM slice WHERE dur > 10;\n"
                   "-- comment\n"
                   "SELECT count(*) FROM x;");
  EXPECT_EQ(r, (Result{{"3"}}));
  EXPECT_TRUE(Query("  ;  ").empty());
}

// A NUL byte ends SQLite's reading of the text: an error, not a loop
// (the RPC fuzzer's hang).
TEST_F(SqlEngineTest, NulByteInTextIsAnError) {
  Status st;
  Result r = Query(std::string("SELECT 1;\0SELECT 2;", 20), &st);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("NUL byte"), std::string::npos) << st.message();
  Query(std::string("SELECT 1 AS a\0 junk", 19), &st);
  EXPECT_FALSE(st.ok());
}

TEST_F(SqlEngineTest, ErrorsNameLineAndColumn) {
  Status st;
  Query("SELECT 1;\nSELECT id FROM slice;\n  SELECT nope FROM slice", &st);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("nope"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("line 3, column 10"), std::string::npos) << st.message();

  Query("SELEC 1", &st);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("line 1"), std::string::npos) << st.message();
}

// BUG: when SQLite reports no error offset (sqlite3_error_offset() == -1,
// e.g. "no such table"), the message names no position at all, although
// SqlEngine::Execute promises line and column; in a multi-statement
// script the failing statement cannot be located. Expected: at least the
// failing statement's position.
TEST_F(SqlEngineTest, ErrorWithoutSqliteOffsetStillNamesPosition) {
  Status st;
  Query("SELECT 1;\nSELECT * FROM no_such_table", &st);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("no_such_table"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("line 2"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("column"), std::string::npos) << st.message();
}

TEST(SqlEngineDescribeOffsetTest, Positions) {
  EXPECT_EQ(SqlEngine::DescribeOffset("abc", 0), "line 1, column 1");
  EXPECT_EQ(SqlEngine::DescribeOffset("abc", 2), "line 1, column 3");
  EXPECT_EQ(SqlEngine::DescribeOffset("ab\ncd\nef", 3), "line 2, column 1");
  EXPECT_EQ(SqlEngine::DescribeOffset("ab\ncd\nef", 7), "line 3, column 2");
}

// BUG: constraints with a non-BINARY collation are pushed down and
// marked omitted, but RowFilter compares bytes, so `= 'FOO' COLLATE
// NOCASE` misses 'foo' and 'Foo'. SQLite semantics: both match.
TEST_F(SqlEngineTest, CollateNocaseConstraint) {
  EXPECT_EQ(Col("SELECT id FROM slice WHERE name = 'FOO' COLLATE NOCASE"),
            (S{"0", "4"}));
}

// BUG: `x IS NOT 4` is TRUE when x is NULL in SQLite; pushed-down IS NOT
// drops NULL rows (see RowFilterTest.IsNotValueKeepsNulls).
TEST_F(SqlEngineTest, IsNotValueKeepsNulls) {
  EXPECT_EQ(Col("SELECT id FROM slice WHERE parent_id IS NOT 4"),
            (S{"0", "1", "2", "3", "4", "6", "7"}));
}

}  // namespace
}  // namespace weft
