// PerfettoSql: the PerfettoSQL layer in front of SQLite. SqlEngine hands it
// each statement first; it expands macros, runs the statements SQLite does
// not know (CREATE PERFETTO TABLE / VIEW / FUNCTION / MACRO, INCLUDE
// PERFETTO MODULE) and leaves the rest to SQLite. It also registers the
// legacy SQL-function forms: create_function(), create_view_function(),
// experimental_memoize(), import().
//
// PERFETTO TABLEs are materialised (CREATE TABLE AS), like Perfetto's: they
// are the user's results, computed once. The trace's own tables stay
// virtual tables over the store.
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_PERFETTO_SQL_H_
#define SRC_SQL_PERFETTO_SQL_PERFETTO_SQL_H_

#include <sqlite3.h>

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "src/base/status.h"
#include "src/sql/perfetto_sql/macros.h"
#include "src/sql/perfetto_sql/perfetto_statement.h"
#include "src/sql/perfetto_sql/sql_functions.h"

namespace weft {

class PerfettoSql {
 public:
  // |run| executes SQL text through the whole engine (module files hold
  // PerfettoSQL too); rows of its queries are discarded.
  using RunSqlFn = std::function<Status(std::string_view sql)>;
  PerfettoSql(sqlite3* db, RunSqlFn run);

  // Registers the legacy functions and the compiled-in modules.
  Status Init();

  // For one statement |stmt|: if it calls macros, sets |*expanded| to its
  // expansion (to be executed instead) and returns. Otherwise runs it if it
  // is a PerfettoSQL statement (*handled = true).
  Status Process(std::string_view stmt, std::string* expanded, bool* handled);

  // Makes module |name| (or every module under `pkg.*`) includable. A
  // module of the same name is replaced (it is not re-run if included).
  void AddModule(const std::string& name, std::string sql);
  Status Include(const std::string& name);
  // Runs module |name| every time (RUN_METRIC), with each {{key}} of its
  // text replaced by the value.
  Status RunModuleWith(const std::string& name,
                       const std::vector<std::pair<std::string, std::string>>& vars);

  SqlFunctionRegistry& functions() { return functions_; }

 private:
  struct Module {
    std::string sql;
    bool included = false;
  };
  Status Run(const PerfettoStatement& stmt);
  Status CreateRelation(const PerfettoStatement& stmt, const char* kind);
  Status RunIndex(const PerfettoStatement& stmt);
  Status IncludeOne(const std::string& name, Module* module);

  sqlite3* db_;
  RunSqlFn run_;
  MacroRegistry macros_;
  SqlFunctionRegistry functions_;
  std::map<std::string, Module> modules_;
  bool running_legacy_ = false;  // A `SELECT create_function(...)` runs.
};

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_PERFETTO_SQL_H_
