// perfetto_table_info('name'): the columns of a table as Perfetto's
// column-store would type them, computed from the table's values:
//   id, name, col_type, nullable, sorted
// col_type: 'id' (the values are 0, 1, 2, ... in row order), 'uint32',
// 'int64', 'double' or 'string'; sorted: 0 for id columns, 2 for other
// ascending columns, 3 otherwise (Perfetto's sort-state numbers). A table
// without an id column also lists `_auto_id` (type id), as Perfetto adds one.
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_TABLE_INFO_H_
#define SRC_SQL_PERFETTO_SQL_TABLE_INFO_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

Status RegisterTableInfo(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_TABLE_INFO_H_
