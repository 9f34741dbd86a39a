#include "src/sql/operators/span_join.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

using Rows = std::vector<std::vector<std::string>>;

class SpanJoinTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(sqlite3_open(":memory:", &db_), SQLITE_OK);
    ASSERT_TRUE(RegisterSpanJoin(db_).ok());
  }
  void TearDown() override { sqlite3_close(db_); }

  // Runs |sql| (any number of statements); returns false and sets error_.
  bool Exec(const std::string& sql) {
    char* err = nullptr;
    int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    error_ = err ? err : "";
    sqlite3_free(err);
    return rc == SQLITE_OK;
  }

  // Runs one query; values as text, NULL as "NULL". Fails the test on error.
  Rows Query(const std::string& sql, std::vector<std::string>* names = nullptr) {
    Rows rows;
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db_);
    if (!stmt) return rows;
    if (names) {
      for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
        names->push_back(sqlite3_column_name(stmt, i));
      }
    }
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
        const unsigned char* text = sqlite3_column_text(stmt, i);
        row.push_back(text ? reinterpret_cast<const char*>(text) : "NULL");
      }
      rows.push_back(row);
    }
    EXPECT_EQ(rc, SQLITE_DONE) << sqlite3_errmsg(db_);
    sqlite3_finalize(stmt);
    return rows;
  }

  // Runs a query expected to fail; returns the error message.
  std::string QueryError(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr);
    if (rc == SQLITE_OK) {
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      }
    }
    std::string msg = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db_);
    sqlite3_finalize(stmt);
    return msg;
  }

  sqlite3* db_ = nullptr;
  std::string error_;
};

TEST_F(SpanJoinTest, InnerJoinAndSchema) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(a TEXT, ts INT, part INT, dur INT);"
      "CREATE TABLE t2(dur INT, b REAL, ts INT, part INT);"
      "INSERT INTO t1 VALUES ('x', 0, 1, 100), ('y', 200, 1, 100), ('z', 0, 2, 10);"
      "INSERT INTO t2 VALUES (100, 0.5, 50, 1), (50, 1.5, 5, 2), (10, 2.5, 0, 3);"
      "CREATE VIRTUAL TABLE sj USING SpAn_JoIn(t1 PARTITIONED part, t2 PARTITIONED part);"))
      << error_;
  std::vector<std::string> names;
  Rows rows = Query("SELECT * FROM sj", &names);
  EXPECT_EQ(names, (std::vector<std::string>{"ts", "dur", "part", "a", "b"}));
  EXPECT_EQ(rows, (Rows{{"50", "50", "1", "x", "0.5"}, {"5", "5", "2", "z", "1.5"}}));
}

TEST_F(SpanJoinTest, UnfinishedSpansKeepNegativeDur) {
  // dur -1 (unfinished slice) ends at its start for overlap purposes; the
  // output dur is computed from ts + dur like Perfetto.
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, a INT);"
      "CREATE TABLE t2(ts INT, dur INT, b INT);"
      "INSERT INTO t1 VALUES (150, -1, 1);"
      "INSERT INTO t2 VALUES (100, 100, 2);"
      "CREATE VIRTUAL TABLE sj USING span_join(t1, t2);"))
      << error_;
  EXPECT_EQ(Query("SELECT ts, dur, a, b FROM sj"), (Rows{{"150", "-1", "1", "2"}}));
}

TEST_F(SpanJoinTest, NullDurIsZeroLength) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, a INT);"
      "CREATE TABLE t2(ts INT, dur INT, b INT);"
      "INSERT INTO t1 VALUES (150, NULL, 1);"
      "INSERT INTO t2 VALUES (100, 100, 2);"
      "CREATE VIRTUAL TABLE sj USING span_join(t1, t2);"))
      << error_;
  EXPECT_EQ(Query("SELECT ts, dur, a, b FROM sj"), (Rows{{"150", "0", "1", "2"}}));
}

TEST_F(SpanJoinTest, NegativeTimestampsInOuterJoin) {
  // Gaps extend to the start of time (Perfetto starts them at 0).
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, a INT);"
      "CREATE TABLE t2(ts INT, dur INT, b INT);"
      "INSERT INTO t1 VALUES (-100, 50, 1);"
      "INSERT INTO t2 VALUES (-60, 100, 2);"
      "CREATE VIRTUAL TABLE so USING span_outer_join(t1, t2);"))
      << error_;
  EXPECT_EQ(Query("SELECT ts, dur, a, b FROM so"),
            (Rows{{"-100", "40", "1", "NULL"},
                  {"-60", "10", "1", "2"},
                  {"-50", "90", "NULL", "2"}}));
}

TEST_F(SpanJoinTest, OverlapFailsTheQuery) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT);"
      "CREATE TABLE t2(ts INT, dur INT, part INT);"
      "INSERT INTO t1 VALUES (0, 1000);"
      "INSERT INTO t2 VALUES (10, 10, 4), (15, 10, 4), (0, 5, 5);"
      "CREATE VIRTUAL TABLE sj USING span_join(t1, t2 PARTITIONED part);"))
      << error_;
  EXPECT_EQ(QueryError("SELECT * FROM sj"),
            "SPAN_JOIN: overlapping spans in table t2 (partition 4): the span at "
            "ts=15 starts before the previous span (ts=10, dur=10) ends");
  // Other partitions are fine on their own.
  EXPECT_EQ(Query("SELECT ts, dur FROM sj WHERE part = 5"), (Rows{{"0", "5"}}));
}

TEST_F(SpanJoinTest, NonIntegerPartitionFails) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, part);"
      "CREATE TABLE t2(ts INT, dur INT, part);"
      "INSERT INTO t1 VALUES (0, 10, 'cpu0');"
      "INSERT INTO t2 VALUES (0, 10, 1);"
      "CREATE VIRTUAL TABLE sj USING span_join(t1 PARTITIONED part, t2 PARTITIONED part);"))
      << error_;
  EXPECT_NE(QueryError("SELECT * FROM sj").find(
                "partition column of table t1 must hold integers, found a TEXT"),
            std::string::npos);
}

TEST_F(SpanJoinTest, CreateErrors) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, part INT, x INT);"
      "CREATE TABLE t2(ts INT, dur INT, part INT, y INT);"
      "CREATE TABLE nodur(ts INT, part INT);"));
  struct {
    const char* sql;
    const char* error;
  } cases[] = {
      {"CREATE VIRTUAL TABLE e USING span_join(t1)", "expected 2 arguments"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1, t2, t1)", "expected 2 arguments"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1, missing)",
       "cannot read table missing: no such table: missing"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1, nodur)",
       "table nodur needs both a ts and a dur column"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1 PARTITIONED, t2)",
       "expected 'table [PARTITIONED column]'"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1 BY part, t2)",
       "expected 'table [PARTITIONED column]'"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1 PARTITIONED nope, t2)",
       "table t1 has no partition column 'nope'"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1 PARTITIONED ts, t2)",
       "partition column cannot be ts or dur"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1 PARTITIONED part, t2 PARTITIONED x)",
       "mismatching partitions"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1, t1)",
       "column part present in both tables t1 and t1"},
      {"CREATE VIRTUAL TABLE e USING span_join(t1 PARTITIONED part, t2)",
       "column part of unpartitioned table t2 clashes with the partition column"},
      {"CREATE VIRTUAL TABLE e USING span_join(e, t2)", "cannot join itself"},
      {"CREATE VIRTUAL TABLE e USING span_join((SELECT 1), t2)", "is not a table name"},
  };
  for (const auto& c : cases) {
    EXPECT_FALSE(Exec(c.sql)) << c.sql;
    EXPECT_NE(error_.find(c.error), std::string::npos) << c.sql << ": " << error_;
  }
}

TEST_F(SpanJoinTest, QuotedAndQualifiedNames) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE \"my table\"(ts INT, dur INT, \"the part\" INT, a INT);"
      "CREATE TABLE t2(ts INT, dur INT, \"the part\" INT, b INT);"
      "INSERT INTO \"my table\" VALUES (0, 10, 1, 5);"
      "INSERT INTO t2 VALUES (5, 10, 1, 6);"
      "CREATE VIRTUAL TABLE sj USING span_join(\"my table\" PARTITIONED \"the part\","
      " main.t2 PARTITIONED [the part]);"))
      << error_;
  EXPECT_EQ(Query("SELECT * FROM sj"), (Rows{{"5", "5", "1", "5", "6"}}));
}

// Collects the SQL of every statement run, to see what is pushed down.
int TraceStmt(unsigned, void* ctx, void* p, void*) {
  const char* sql = sqlite3_sql(static_cast<sqlite3_stmt*>(p));
  if (sql) static_cast<std::vector<std::string>*>(ctx)->push_back(sql);
  return 0;
}

TEST_F(SpanJoinTest, PushesDownPartitionAndTsBounds) {
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, part INT, a INT);"
      "CREATE TABLE t2(ts INT, dur INT, part INT, b INT);"
      "INSERT INTO t1 VALUES (0, 100, 1, 1), (0, 100, 2, 2);"
      "INSERT INTO t2 VALUES (50, 100, 1, 3), (50, 100, 2, 4);"
      "CREATE VIRTUAL TABLE sj USING span_join(t1 PARTITIONED part, t2 PARTITIONED part);"
      "CREATE VIRTUAL TABLE sl USING span_left_join(t1 PARTITIONED part, t2 PARTITIONED part);"))
      << error_;
  std::vector<std::string> seen;
  sqlite3_trace_v2(db_, SQLITE_TRACE_STMT, &TraceStmt, &seen);
  EXPECT_EQ(Query("SELECT ts, a, b FROM sj WHERE part = 2 AND ts < 60"),
            (Rows{{"50", "2", "4"}}));
  bool pushed = false;
  for (const std::string& s : seen) {
    if (s.find("FROM \"t2\" WHERE \"part\" IS NOT NULL AND \"part\" = ?1 AND \"ts\" < ?2") !=
        std::string::npos) {
      pushed = true;
    }
  }
  EXPECT_TRUE(pushed);

  // Left joins push the partition but not ts bounds (gaps need later rows).
  seen.clear();
  EXPECT_EQ(Query("SELECT ts, dur, a, b FROM sl WHERE part = 1 AND ts < 60"),
            (Rows{{"0", "50", "1", "NULL"}, {"50", "50", "1", "3"}}));
  for (const std::string& s : seen) {
    if (s.find("FROM \"t2\"") != std::string::npos) {
      EXPECT_NE(s.find("\"part\" = ?1"), std::string::npos) << s;
      EXPECT_EQ(s.find("\"ts\" <"), std::string::npos) << s;
    }
  }
  sqlite3_trace_v2(db_, 0, nullptr, nullptr);
}

TEST_F(SpanJoinTest, RefilteredAsInnerLoopOfAJoin) {
  // The span join is filtered once per outer row; statements are reused.
  ASSERT_TRUE(Exec(
      "CREATE TABLE t1(ts INT, dur INT, part INT, a INT);"
      "CREATE TABLE t2(ts INT, dur INT, part INT, b INT);"
      "CREATE TABLE parts(p INT);"
      "INSERT INTO parts VALUES (3), (1), (2), (3);"
      "INSERT INTO t1 VALUES (0, 10, 1, 1), (0, 10, 2, 2), (0, 10, 3, 3);"
      "INSERT INTO t2 VALUES (5, 10, 1, 4), (5, 10, 2, 5), (5, 10, 3, 6);"
      "CREATE VIRTUAL TABLE sj USING span_join(t1 PARTITIONED part, t2 PARTITIONED part);"))
      << error_;
  EXPECT_EQ(Query("SELECT p, a, b FROM parts CROSS JOIN sj ON sj.part = parts.p"),
            (Rows{{"3", "3", "6"}, {"1", "1", "4"}, {"2", "2", "5"}, {"3", "3", "6"}}));
}

// Randomized check of the merge against a brute-force reference that
// compares every pair of timeline segments.
struct Span {
  int64_t part;  // Unused when unpartitioned.
  int64_t ts;
  int64_t dur;
  int64_t id;
};

struct Seg {
  int64_t ts, end;
  int64_t id;  // -1: gap.
};

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// Timeline of one side's sorted spans in one partition.
std::vector<Seg> Timeline(const std::vector<Span>& spans) {
  std::vector<Seg> out;
  int64_t from = kMin;
  for (const Span& s : spans) {
    if (s.ts > from) out.push_back({from, s.ts, -1});
    out.push_back({s.ts, s.ts + s.dur, s.id});
    from = s.ts + s.dur;
  }
  if (from < kMax) out.push_back({from, kMax, -1});
  return out;
}

bool Overlap(const Seg& a, const Seg& b) {
  bool ae = a.ts == a.end, be = b.ts == b.end;
  if (!ae && !be) return std::max(a.ts, b.ts) < std::min(a.end, b.end);
  if (ae && be) return a.ts == b.ts;
  if (ae) return b.ts <= a.ts && a.ts < b.end;
  return a.ts <= b.ts && b.ts < a.end;
}

// Rows as (partition, ts, dur, id1, id2), sorted.
using RefRow = std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t>;

std::vector<RefRow> Reference(const std::string& kind, int p1, int p2,
                              const std::vector<Span>& t1,
                              const std::vector<Span>& t2) {
  auto in_part = [](const std::vector<Span>& spans, bool partitioned, int64_t p) {
    std::vector<Span> out;
    for (const Span& s : spans) {
      if (s.part == kMin) continue;  // NULL partition.
      if (!partitioned || s.part == p) out.push_back(s);
    }
    std::sort(out.begin(), out.end(), [](const Span& a, const Span& b) {
      return std::make_pair(a.ts, a.dur) < std::make_pair(b.ts, b.dur);
    });
    return out;
  };
  auto parts_of = [](const std::vector<Span>& spans) {
    std::vector<int64_t> out;
    for (const Span& s : spans) {
      if (s.part != kMin) out.push_back(s.part);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  std::vector<int64_t> parts;
  if (!p1 && !p2) {
    parts = {0};
  } else if (p1 && p2) {
    std::vector<int64_t> a = parts_of(t1), b = parts_of(t2);
    if (kind == "span_join") {
      std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(parts));
    } else if (kind == "span_left_join") {
      parts = a;
    } else {
      std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(parts));
    }
  } else {
    parts = parts_of(p1 ? t1 : t2);
  }
  std::vector<RefRow> rows;
  for (int64_t p : parts) {
    std::vector<Seg> a = Timeline(in_part(t1, p1, p));
    std::vector<Seg> b = Timeline(in_part(t2, p2, p));
    for (const Seg& x : a) {
      for (const Seg& y : b) {
        bool xr = x.id >= 0, yr = y.id >= 0;
        if (!xr && !yr) continue;
        if (!xr && kind != "span_outer_join") continue;
        if (!yr && kind == "span_join") continue;
        if (!Overlap(x, y)) continue;
        // Where both sides have a zero-length span at one instant, t2's
        // meets t1's but not what follows it on t1 (the merge retires t2's
        // first, as Perfetto does).
        if (y.ts == y.end && x.ts != x.end && x.ts == y.ts &&
            std::any_of(a.begin(), a.end(), [&](const Seg& z) {
              return z.id >= 0 && z.ts == z.end && z.ts == y.ts;
            })) {
          continue;
        }
        int64_t ts = std::max(x.ts, y.ts);
        rows.emplace_back(p1 || p2 ? p : 0, ts, std::min(x.end, y.end) - ts, x.id, y.id);
      }
    }
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// Non-overlapping spans per partition: zero-length ones, touching ones, gaps.
// Never two zero-length spans at the same instant on one side: the merge
// pairs those with the other side's spans at that instant along a single
// path, not as a cross product (like Perfetto).
std::vector<Span> RandomSpans(std::mt19937* rng, int64_t first_id) {
  std::vector<Span> out;
  int64_t id = first_id;
  for (int64_t part = 0; part < 4; ++part) {
    if ((*rng)() % 5 == 0) continue;  // Partition absent on this side.
    int64_t t = static_cast<int64_t>((*rng)() % 20);
    int n = static_cast<int>((*rng)() % 12);
    for (int i = 0; i < n; ++i) {
      int64_t dur = (*rng)() % 4 == 0 ? 0 : static_cast<int64_t>((*rng)() % 15);
      out.push_back({part, t, dur, id++});
      int64_t gap = (*rng)() % 3 == 0 ? 0 : static_cast<int64_t>((*rng)() % 10);
      if (dur == 0 && gap == 0) gap = 1;
      t += dur + gap;
    }
  }
  if ((*rng)() % 3 == 0) out.push_back({kMin, 5, 100, id++});  // NULL partition.
  std::shuffle(out.begin(), out.end(), *rng);
  return out;
}

TEST_F(SpanJoinTest, RandomizedAgainstBruteForce) {
  std::mt19937 rng(1234);
  int checked = 0;
  for (int iter = 0; iter < 150; ++iter) {
    std::vector<Span> t1 = RandomSpans(&rng, 0);
    std::vector<Span> t2 = RandomSpans(&rng, 1000);
    ASSERT_TRUE(Exec("DROP TABLE IF EXISTS t1; DROP TABLE IF EXISTS t2;"
                     "CREATE TABLE t1(ts INT, dur INT, part INT, id1 INT);"
                     "CREATE TABLE t2(ts INT, dur INT, part INT, id2 INT);"));
    for (int side = 0; side < 2; ++side) {
      for (const Span& s : side == 0 ? t1 : t2) {
        std::string part = s.part == kMin ? "NULL" : std::to_string(s.part);
        ASSERT_TRUE(Exec("INSERT INTO t" + std::to_string(side + 1) + " VALUES (" +
                         std::to_string(s.ts) + ", " + std::to_string(s.dur) + ", " +
                         part + ", " + std::to_string(s.id) + ")"));
      }
    }
    for (const char* kind : {"span_join", "span_left_join", "span_outer_join"}) {
      for (int mode = 0; mode < 4; ++mode) {
        int p1 = mode & 1, p2 = mode >> 1;
        // Unpartitioned sides only see partition 0 (others would overlap).
        std::vector<Span> s1, s2;
        for (const Span& s : t1) {
          if (p1 || s.part == 0) s1.push_back(s);
        }
        for (const Span& s : t2) {
          if (p2 || s.part == 0) s2.push_back(s);
        }
        std::string v1 = p1 ? "t1" : "(SELECT ts, dur, id1 FROM t1 WHERE part = 0)";
        std::string v2 = p2 ? "t2" : "(SELECT ts, dur, id2 FROM t2 WHERE part = 0)";
        ASSERT_TRUE(Exec("DROP VIEW IF EXISTS v1; DROP VIEW IF EXISTS v2;"
                         "DROP TABLE IF EXISTS sj;"
                         "CREATE VIEW v1 AS SELECT * FROM " + v1 + ";"
                         "CREATE VIEW v2 AS SELECT * FROM " + v2 + ";"
                         "CREATE VIRTUAL TABLE sj USING " + kind + "(v1" +
                         (p1 ? " PARTITIONED part" : "") + ", v2" +
                         (p2 ? " PARTITIONED part" : "") + ");"))
            << error_;
        std::string part_col = p1 || p2 ? "part" : "0";
        Rows rows = Query("SELECT " + part_col +
                          ", ts, dur, IFNULL(id1, -1), IFNULL(id2, -1) FROM sj");
        std::vector<RefRow> got;
        int64_t last_part = kMin, last_ts = kMin;
        bool ordered = true;
        for (const auto& r : rows) {
          RefRow row{std::stoll(r[0]), std::stoll(r[1]), std::stoll(r[2]),
                     std::stoll(r[3]), std::stoll(r[4])};
          // Output comes by partition, then ts.
          if (std::make_pair(std::get<0>(row), std::get<1>(row)) <
              std::make_pair(last_part, last_ts)) {
            ordered = false;
          }
          last_part = std::get<0>(row);
          last_ts = std::get<1>(row);
          got.push_back(row);
        }
        std::sort(got.begin(), got.end());
        EXPECT_TRUE(ordered) << kind << " mode " << mode << " iter " << iter;
        ASSERT_EQ(got, Reference(kind, p1, p2, s1, s2))
            << kind << " mode " << mode << " iter " << iter;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 150 * 12);
}

}  // namespace
}  // namespace weft
