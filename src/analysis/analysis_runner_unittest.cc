// Analyses through TraceProcessor: derived slices and their nesting,
// tracks and layout rows, annotations, alerts and bad analyses.
#include "src/analysis/analysis_runner.h"

#include <sqlite3.h>

#include <string>

#include <gtest/gtest.h>

#include "src/trace/trace_processor.h"

namespace weft {
namespace {

const char kTrace[] = R"({"traceEvents": [
 {"name":"process_name","ph":"M","pid":1,"args":{"name":"app"}},
 {"name":"A","ph":"X","ts":10,"dur":100,"pid":1,"tid":1},
 {"name":"inflate","ph":"X","ts":20,"dur":10,"pid":1,"tid":1},
 {"name":"bindApplication","ph":"X","ts":150,"dur":20,"pid":1,"tid":1},
 {"name":"Choreographer#doFrame 42","ph":"X","ts":200,"dur":10,"pid":1,"tid":1}
]})";

class AnalysisTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(tp_.Parse(reinterpret_cast<const uint8_t*>(kTrace), sizeof(kTrace) - 1).ok());
    ASSERT_TRUE(tp_.NotifyEndOfFile().ok());
  }
  // The first column of every row of |sql|, joined by ','.
  std::string Query(const std::string& sql) {
    std::string out;
    Status s = tp_.ExecuteQuery(sql, [&](sqlite3_stmt* stmt) {
      while (sqlite3_step(stmt) == SQLITE_ROW) {
        const unsigned char* t = sqlite3_column_text(stmt, 0);
        if (!out.empty()) out += ',';
        out += t ? reinterpret_cast<const char*>(t) : "NULL";
      }
      return Status::Ok();
    });
    EXPECT_TRUE(s.ok()) << s.message();
    return out;
  }
  TraceProcessor tp_;
};

TEST_F(AnalysisTest, DerivedSlicesNestOnTheirOwnTrack) {
  Status s = tp_.RunAnalysis("mine",
                             "SELECT 1000 AS ts, 50 AS dur, 'outer' AS name, 'T' AS track_name "
                             "UNION ALL SELECT 1010, 10, 'inner', 'T' "
                             "UNION ALL SELECT 1100, 5, 'after', 'T'");
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(Query("SELECT name || ':' || depth || ':' || COALESCE(parent_id, '-') FROM slice "
                  "WHERE track_id IN (SELECT id FROM derived_track) ORDER BY ts"),
            "outer:0:-,inner:1:4,after:0:-");
  EXPECT_EQ(Query("SELECT type || ':' || analysis FROM derived_track"), "derived:mine");
  EXPECT_EQ(Query("SELECT COUNT(*) FROM slice_layout"), Query("SELECT COUNT(*) FROM slice"));
  EXPECT_EQ(Query("SELECT g.name || ':' || g.max_depth FROM track_group g "
                  "JOIN track_group_member m ON m.group_id = g.id "
                  "JOIN derived_track d ON d.id = m.track_id"),
            "T:1");
}

TEST_F(AnalysisTest, CountersAndAnnotationsOfDerivedEvents) {
  ASSERT_TRUE(tp_.RunAnalysis("c", "SELECT 5 AS ts, 2.5 AS value, 'C' AS track_name").ok());
  EXPECT_EQ(Query("SELECT value FROM counter JOIN derived_track d ON d.id = track_id"), "2.5");
  ASSERT_TRUE(tp_.RunAnalysis("w", "SELECT 7 AS ts, 1 AS dur, 'x' AS name, "
                                   "'warning' AS alert_type, 'mine' AS kind, 'why' AS description")
                  .ok());
  EXPECT_EQ(Query("SELECT kind || ':' || name || ':' || description FROM alert"), "mine:x:why");
}

TEST_F(AnalysisTest, AnnotatesExistingSlicesWithoutChangingThem) {
  std::string before = Query("SELECT COUNT(*) FROM slice");
  ASSERT_TRUE(tp_.RunAnalysis("a", "SELECT id AS slice_id, 'error' AS alert_type, "
                                   "'k' AS kind FROM slice WHERE name = 'A'")
                  .ok());
  EXPECT_EQ(Query("SELECT COUNT(*) FROM slice"), before);
  EXPECT_EQ(Query("SELECT name || ':' || alert_type FROM alert"), "A:error");
}

TEST_F(AnalysisTest, CatalogMatchesExactNamesAndPatterns) {
  EXPECT_EQ(Query("SELECT s.name FROM slice_annotation a JOIN slice s ON s.id = a.slice_id "
                  "WHERE a.kind = 'catalog' ORDER BY s.id"),
            "inflate,bindApplication,Choreographer#doFrame 42");
  EXPECT_EQ(Query("SELECT COUNT(*) FROM alert"), "0");
}

TEST_F(AnalysisTest, BadAnalysesFailAndAddNothing) {
  std::string before = Query("SELECT COUNT(*) FROM annotation_rows");
  EXPECT_FALSE(tp_.RunAnalysis("x", "SELECT 99 AS slice_id").ok());
  EXPECT_FALSE(tp_.RunAnalysis("x", "SELECT 0 AS slice_id, 'bogus' AS alert_type").ok());
  EXPECT_FALSE(tp_.RunAnalysis("x", "SELECT 1 AS nothing").ok());
  EXPECT_FALSE(tp_.RunAnalysis("x", "SELECT NULL AS ts").ok());
  EXPECT_FALSE(tp_.RunAnalysis("x", "SELEC").ok());
  EXPECT_EQ(Query("SELECT COUNT(*) FROM annotation_rows"), before);
  EXPECT_EQ(Query("SELECT COUNT(*) FROM track WHERE type = 'derived'"), "0");
}

TEST_F(AnalysisTest, RunAnalysisFromSql) {
  EXPECT_EQ(Query("SELECT run_analysis('q', 'SELECT 1 AS ts, 2 AS dur, ''n'' AS name')"),
            "slices=1 counters=0 annotations=0 tracks=1");
  EXPECT_EQ(Query("SELECT s.name FROM slice s JOIN derived_track d ON d.id = s.track_id"), "n");
  EXPECT_EQ(Query("SELECT run_analysis('android_startups')"),
            "slices=1 counters=0 annotations=1 tracks=1");
}

}  // namespace
}  // namespace weft
