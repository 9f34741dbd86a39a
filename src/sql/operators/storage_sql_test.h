// Test helpers: a query's rows as "v1,v2,..." strings (NULL as "NULL"), so
// a table function's answer can be compared with the SQL it replaces, and a
// fixture owning a TraceStorage and the SQL engine over it.
#ifndef WEFT_SQL_OPERATORS_STORAGE_SQL_TEST_H_
#define WEFT_SQL_OPERATORS_STORAGE_SQL_TEST_H_

#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/sql_engine.h"

namespace weft {

inline std::vector<std::string> QueryRowsForTest(sqlite3* db, const std::string& sql) {
  std::vector<std::string> out;
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      if (i) row += ",";
      const unsigned char* text = sqlite3_column_text(stmt, i);
      row += text ? reinterpret_cast<const char*>(text) : "NULL";
    }
    out.push_back(row);
  }
  sqlite3_finalize(stmt);
  return out;
}

// Fill storage_ in SetUp, then call StartEngine().
class StorageSqlTest : public ::testing::Test {
 protected:
  void StartEngine() {
    storage_.Finalize();
    ASSERT_TRUE(engine_.Init().ok());
  }
  std::vector<std::string> Rows(const std::string& sql) {
    return QueryRowsForTest(engine_.db(), sql);
  }

  TraceStorage storage_;
  SqlEngine engine_{&storage_};
};

}  // namespace weft

#endif  // WEFT_SQL_OPERATORS_STORAGE_SQL_TEST_H_
