// Functions written in SQL: `CREATE PERFETTO FUNCTION` (scalar: the first
// column of the body's first row, NULL without rows; RETURNS TABLE(...): a
// table-valued function whose rows are the body's rows). Arguments are
// bound to the body's `$name` parameters. Bodies may call their own
// function (recursion); EXPERIMENTAL_MEMOIZE(name) caches a one-argument
// scalar function's non-NULL results by integer argument.
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_SQL_FUNCTIONS_H_
#define SRC_SQL_PERFETTO_SQL_SQL_FUNCTIONS_H_

#include <sqlite3.h>

#include <map>
#include <memory>
#include <string>

#include "src/base/status.h"
#include "src/sql/perfetto_sql/perfetto_statement.h"

namespace weft {

struct ScalarSqlFunction;
struct TableSqlFunction;

class SqlFunctionRegistry {
 public:
  explicit SqlFunctionRegistry(sqlite3* db);
  ~SqlFunctionRegistry();
  SqlFunctionRegistry(const SqlFunctionRegistry&) = delete;
  SqlFunctionRegistry& operator=(const SqlFunctionRegistry&) = delete;

  // |def| of kind kFunction or kTableFunction. Redefining a function is an
  // error unless |def.replace|, or the definition is the same (the legacy
  // create_function() may run twice).
  Status Create(const PerfettoStatement& def);
  Status Memoize(const std::string& name);

 private:
  Status CreateScalar(const PerfettoStatement& def);
  Status CreateTable(const PerfettoStatement& def);

  sqlite3* db_;
  // By lower-case name. Replaced definitions stay alive until the
  // connection closes: a running statement may still hold them.
  std::map<std::string, ScalarSqlFunction*> scalars_;
  std::map<std::string, TableSqlFunction*> tables_;
  std::vector<std::unique_ptr<ScalarSqlFunction>> all_scalars_;
  std::vector<std::unique_ptr<TableSqlFunction>> all_tables_;
};

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_SQL_FUNCTIONS_H_
