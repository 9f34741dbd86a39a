// SqlEngine: the SQLite connection over one trace's storage. Registers every
// storage table as a virtual table plus weft's SQL functions, and runs SQL
// text statement by statement.
// Reference: docs/tables.md
#ifndef SRC_SQL_SQL_ENGINE_H_
#define SRC_SQL_SQL_ENGINE_H_

#include <sqlite3.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

class PerfettoSql;

class SqlEngine {
 public:
  explicit SqlEngine(const TraceStorage* storage);
  ~SqlEngine();
  SqlEngine(const SqlEngine&) = delete;
  SqlEngine& operator=(const SqlEngine&) = delete;

  Status Init();
  sqlite3* db() { return db_; }

  // Prepares each statement of |sql| in turn and hands it to |on_statement|,
  // which steps it. Statements that return no columns are stepped here.
  // Errors name the position in |sql| (line and column). PerfettoSQL
  // statements and macros are handled first (src/sql/perfetto_sql/).
  using StatementFn = std::function<Status(sqlite3_stmt*)>;
  Status Execute(std::string_view sql, const StatementFn& on_statement);

  // "line L, column C" of byte |offset| in |sql|.
  static std::string DescribeOffset(std::string_view sql, int offset);

  PerfettoSql& perfetto_sql() { return *perfetto_sql_; }

 private:
  // SQL views under the older names Perfetto also accepts (raw).
  Status RegisterAliases();
  Status SqlError(std::string_view sql, int offset_base);
  // Runs the one statement at |cur| with SQLite; advances |*cur|.
  Status ExecuteSqlite(std::string_view sql, const char** cur, const StatementFn& on_statement);

  const TraceStorage* storage_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<PerfettoSql> perfetto_sql_;  // Closed before db_.
};

}  // namespace weft

#endif  // SRC_SQL_SQL_ENGINE_H_
