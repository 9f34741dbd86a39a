// The SQL-function forms of PerfettoSQL statements that older Perfetto
// queries and metrics use:
//   create_function('name(arg TYPE, ...)', 'RETURN_TYPE', 'select')
//   create_view_function('name(arg TYPE, ...)', 'col TYPE, ...', 'select')
//   experimental_memoize('name')
//   import('a.b.c')                 (= INCLUDE PERFETTO MODULE a.b.c)
//   run_metric('a/b.sql', 'k', 'v', ...)   runs module a.b (again), its
//                                   {{k}} replaced by v
// Each returns NULL. A statement that is only such a call
// (`SELECT create_function(...);`) prints no result set, as in Perfetto.
#ifndef SRC_SQL_PERFETTO_SQL_LEGACY_FUNCTIONS_H_
#define SRC_SQL_PERFETTO_SQL_LEGACY_FUNCTIONS_H_

#include <sqlite3.h>

#include <string_view>

#include "src/base/status.h"

namespace weft {

class PerfettoSql;

Status RegisterLegacyFunctions(sqlite3* db, PerfettoSql* perfetto_sql);

// True if |stmt| is `SELECT legacy_function(...)` and nothing else.
bool IsLegacyFunctionStatement(std::string_view stmt);

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_LEGACY_FUNCTIONS_H_
