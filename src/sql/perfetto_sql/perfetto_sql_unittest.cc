// PerfettoSQL through SqlEngine on an empty trace: statements, macros,
// functions, modules, and the lexical helpers.
#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/perfetto_sql/macros.h"
#include "src/sql/perfetto_sql/perfetto_sql.h"
#include "src/sql/perfetto_sql/perfetto_statement.h"
#include "src/sql/perfetto_sql/stdlib_docs.h"
#include "src/sql/perfetto_sql/sql_text.h"
#include "src/sql/sql_engine.h"

namespace weft {
namespace {

class PerfettoSqlTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.Init().ok()); }

  // The last statement's rows, cells joined by ',' and rows by ';'.
  std::string Run(const std::string& sql, std::string* error = nullptr) {
    std::string out;
    Status s = engine_.Execute(sql, [&out](sqlite3_stmt* stmt) {
      out.clear();
      int rc;
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (!out.empty()) out += ";";
        for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
          const unsigned char* t = sqlite3_column_text(stmt, c);
          out += (c ? "," : "") + std::string(t ? reinterpret_cast<const char*>(t) : "NULL");
        }
      }
      if (rc != SQLITE_DONE) return Status::Error(sqlite3_errmsg(sqlite3_db_handle(stmt)));
      return Status::Ok();
    });
    if (error) *error = s.message();
    else EXPECT_TRUE(s.ok()) << s.message();
    return out;
  }

  TraceStorage storage_;
  SqlEngine engine_{&storage_};
};

TEST_F(PerfettoSqlTest, TableAndViewWithReplace) {
  EXPECT_EQ(Run("CREATE PERFETTO TABLE t AS SELECT 1 AS a; SELECT a FROM t"), "1");
  std::string error;
  Run("CREATE PERFETTO TABLE t AS SELECT 2 AS a", &error);
  EXPECT_NE(error, "");
  EXPECT_EQ(Run("CREATE OR REPLACE PERFETTO TABLE t(a INT) AS SELECT 2 AS a; SELECT a FROM t"),
            "2");
  EXPECT_EQ(Run("CREATE PERFETTO VIEW v AS SELECT a + 1 AS b FROM t; SELECT b FROM v"), "3");
}

TEST_F(PerfettoSqlTest, ScalarTableAndRecursiveFunctions) {
  EXPECT_EQ(Run("CREATE PERFETTO FUNCTION f(x INT) RETURNS INT AS SELECT $x + 1;"
                "SELECT f(5)"),
            "6");
  EXPECT_EQ(Run("CREATE PERFETTO FUNCTION g(n INT) RETURNS TABLE(y INT, z INT) AS "
                "SELECT $n * 2 AS z, $n AS y; SELECT y, z FROM g(4)"),
            "4,8");
  EXPECT_EQ(Run("SELECT create_function('fact(x INT)', 'INT', "
                "'SELECT IIF($x = 0, 1, $x * fact($x - 1))'); SELECT fact(5)"),
            "120");
}

TEST_F(PerfettoSqlTest, RunawayRecursionFails) {
  std::string error;
  Run("CREATE PERFETTO FUNCTION loop(x INT) RETURNS INT AS SELECT loop($x + 1);"
      "SELECT loop(0)",
      &error);
  EXPECT_NE(error.find("recursion deeper than"), std::string::npos) << error;
}

TEST_F(PerfettoSqlTest, MacrosExpandBeforeSqlite) {
  EXPECT_EQ(Run("CREATE PERFETTO MACRO sub(a Expr, b Expr) RETURNS Expr AS $a - $b;"
                "SELECT sub!(sub!(10, 3), 2) AS r"),
            "5");
  EXPECT_EQ(Run("SELECT __intrinsic_stringify!(foo bar)"), "foo bar");
  std::string error;
  Run("SELECT nope!(1)", &error);
  EXPECT_NE(error.find("unknown macro"), std::string::npos);
  // `!=` and a `!(` inside a string are no macro calls.
  EXPECT_EQ(Run("SELECT 1 != 2, 'x!(y)'"), "1,x!(y)");
}

TEST_F(PerfettoSqlTest, IncludesEmbeddedAndAddedModules) {
  EXPECT_EQ(Run("INCLUDE PERFETTO MODULE time.conversion; SELECT time_to_ms(5000000)"), "5");
  engine_.perfetto_sql().AddModule("my.mod", "CREATE PERFETTO TABLE my_t AS SELECT 7 AS v;");
  EXPECT_EQ(Run("INCLUDE PERFETTO MODULE my.*; INCLUDE PERFETTO MODULE my.mod;"
                "SELECT v FROM my_t"),
            "7");
  std::string error;
  Run("INCLUDE PERFETTO MODULE no.such", &error);
  EXPECT_NE(error.find("unknown module"), std::string::npos);
}

TEST_F(PerfettoSqlTest, TableInfoTypesColumnsFromTheirValues) {
  EXPECT_EQ(Run("CREATE PERFETTO TABLE t AS SELECT 0 AS a, 5 AS b, 'x' AS c, NULL AS d "
                "UNION ALL SELECT 1, 3, 'y', 2.5;"
                "SELECT name, col_type, nullable, sorted FROM perfetto_table_info('t')"),
            "a,id,0,0;b,uint32,0,3;c,string,0,2;d,double,1,2");
  std::string error;
  Run("SELECT * FROM perfetto_table_info('no_such_table')", &error);
  EXPECT_NE(error.find("no such table"), std::string::npos) << error;
}

TEST_F(PerfettoSqlTest, RunMetricRunsAgainWithSubstitutions) {
  engine_.perfetto_sql().AddModule(
      "my.metric", "CREATE OR REPLACE PERFETTO TABLE {{out}} AS SELECT {{value}} AS v;");
  EXPECT_EQ(Run("SELECT RUN_METRIC('my/metric.sql', 'out', 'x', 'value', '1');"
                "SELECT RUN_METRIC('my/metric.sql', 'out', 'x', 'value', '2');"
                "SELECT v FROM x"),
            "2");
}

TEST_F(PerfettoSqlTest, VariadicFunctionDelegatesToHash) {
  // FNV-1a 64 of the bytes of 'single_arg'.
  EXPECT_EQ(Run("CREATE PERFETTO FUNCTION h(args ANY...) RETURNS INT DELEGATES TO hash;"
                "SELECT h('single_arg'), h(1, 2) = hash(1, 2)"),
            "1309196097616646754,1");
}

TEST(SqlTextTest, StatementEndSkipsQuotesCommentsAndTriggers) {
  std::string sql = "SELECT ';' -- ;\n, 1; SELECT 2";
  EXPECT_EQ(sql_text::StatementEnd(sql, 0), sql.find("1;") + 2);
  std::string trigger =
      "CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; SELECT 2; END; SELECT 3";
  EXPECT_EQ(sql_text::StatementEnd(trigger, 0), trigger.find("END;") + 4);
}

TEST(PerfettoStatementTest, ParsesFunctionSignature) {
  PerfettoStatement s;
  ASSERT_TRUE(ParsePerfettoStatement("CREATE OR REPLACE PERFETTO FUNCTION f(a INT, b "
                                     "JOINID(slice.id)) RETURNS TABLE(c STRING) AS SELECT 1;",
                                     &s)
                  .ok());
  EXPECT_EQ(s.kind, PerfettoStatement::Kind::kTableFunction);
  EXPECT_TRUE(s.replace);
  ASSERT_EQ(s.args.size(), 2u);
  EXPECT_EQ(s.args[1].type, "JOINID(SLICE.ID)");
  EXPECT_EQ(s.columns[0].name, "c");
  EXPECT_EQ(s.body, "SELECT 1");
  ASSERT_TRUE(ParsePerfettoStatement("CREATE TABLE x AS SELECT 1", &s).ok());
  EXPECT_EQ(s.kind, PerfettoStatement::Kind::kNotPerfetto);
}

TEST(PerfettoStatementTest, ParsesIndexStatements) {
  PerfettoStatement s;
  ASSERT_TRUE(ParsePerfettoStatement("CREATE PERFETTO INDEX i ON t(a, b);", &s).ok());
  EXPECT_EQ(s.kind, PerfettoStatement::Kind::kIndex);
  EXPECT_EQ(s.name, "i");
  EXPECT_EQ(s.on_table, "t");
  EXPECT_EQ(s.index_columns, (std::vector<std::string>{"a", "b"}));
  ASSERT_TRUE(ParsePerfettoStatement("DROP PERFETTO INDEX i ON t", &s).ok());
  EXPECT_EQ(s.kind, PerfettoStatement::Kind::kDropIndex);
  EXPECT_FALSE(ParsePerfettoStatement("CREATE PERFETTO INDEX i ON t", &s).ok());
  EXPECT_FALSE(ParsePerfettoStatement("CREATE PERFETTO INDEX i(a)", &s).ok());
  EXPECT_FALSE(ParsePerfettoStatement("CREATE PERFETTO INDEX i ON t(a) junk", &s).ok());
  ASSERT_TRUE(ParsePerfettoStatement("DROP TABLE x", &s).ok());
  EXPECT_EQ(s.kind, PerfettoStatement::Kind::kNotPerfetto);
}

TEST(StdlibDocsTest, ReadsCommentsOfModuleObjectsArgumentsAndReturn) {
  std::vector<StdlibObject> objects = DocumentModule("pkg._mod", R"(-- Module doc.

-- Not this one (a blank line follows).

-- Adds one. Really.
CREATE PERFETTO FUNCTION add_one(
  -- The number.
  x LONG)
-- One more.
RETURNS LONG AS SELECT $x + 1;
CREATE PERFETTO TABLE _t(
  -- A column.
  c STRING) AS SELECT 'a' AS c;
)");
  ASSERT_EQ(objects.size(), 3u);
  EXPECT_EQ(objects[0].object_type, "MODULE");
  EXPECT_EQ(objects[0].description, "Module doc.");
  EXPECT_FALSE(objects[0].exposed);  // `_mod`.
  EXPECT_EQ(objects[1].QualifiedName(), "pkg._mod.add_one");
  EXPECT_EQ(objects[1].description, "Adds one. Really.");
  EXPECT_EQ(objects[1].ShortDescription(), "Adds one.");
  ASSERT_EQ(objects[1].args.size(), 1u);
  EXPECT_EQ(objects[1].args[0].description, "The number.");
  EXPECT_EQ(objects[1].return_type, "LONG");
  EXPECT_EQ(objects[1].return_description, "One more.");
  EXPECT_EQ(objects[2].object_type, "TABLE");
  EXPECT_EQ(objects[2].description, "");  // No comment right above it.
  ASSERT_EQ(objects[2].cols.size(), 1u);
  EXPECT_EQ(objects[2].cols[0].type, "STRING");
  EXPECT_EQ(DocItemsToJson(objects[2].cols),
            R"([{"name":"c","type":"STRING","description":"A column."}])");
}

}  // namespace
}  // namespace weft
