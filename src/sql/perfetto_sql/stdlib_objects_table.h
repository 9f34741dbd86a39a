// __intrinsic_stdlib_objects: one row per module compiled into weft and per
// table, view, function, table function and macro it defines, with the
// documentation of its comments (stdlib_docs.h), as Perfetto's table of the
// same name documents its standard library.
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_STDLIB_OBJECTS_TABLE_H_
#define SRC_SQL_PERFETTO_SQL_STDLIB_OBJECTS_TABLE_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

Status RegisterStdlibObjectsTable(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_STDLIB_OBJECTS_TABLE_H_
