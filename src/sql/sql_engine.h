// SqlEngine: the SQLite connection over one trace's storage. Registers every
// storage table as a virtual table plus weft's SQL functions, and runs SQL
// text statement by statement.
// Reference: docs/tables.md
#ifndef SRC_SQL_SQL_ENGINE_H_
#define SRC_SQL_SQL_ENGINE_H_

#include <sqlite3.h>

#include <functional>
#include <string>
#include <string_view>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

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
  // Errors name the position in |sql| (line and column).
  using StatementFn = std::function<Status(sqlite3_stmt*)>;
  Status Execute(std::string_view sql, const StatementFn& on_statement);

  // "line L, column C" of byte |offset| in |sql|.
  static std::string DescribeOffset(std::string_view sql, int offset);

 private:
  // SQL views under the older names Perfetto also accepts (raw).
  Status RegisterAliases();
  Status SqlError(std::string_view sql, int offset_base);

  const TraceStorage* storage_;
  sqlite3* db_ = nullptr;
};

}  // namespace weft

#endif  // SRC_SQL_SQL_ENGINE_H_
