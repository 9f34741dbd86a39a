// Exposes a storage Table to SQLite as an eponymous virtual table: the table
// is queried in place, never copied. Filters (=, <, <=, >, >=, !=, IS,
// IS NULL, IN) and ORDER BY are pushed down; ids resolve in O(1) and sorted
// columns by binary search.
#ifndef SRC_SQL_TABLE_VTAB_H_
#define SRC_SQL_TABLE_VTAB_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/string_pool.h"
#include "src/storage/table.h"

namespace weft {

// Registers |table| under its own name on |db|. |table| and |pool| must
// outlive the connection.
Status RegisterTableVtab(sqlite3* db, const Table* table,
                         const StringPool* pool);

}  // namespace weft

#endif  // SRC_SQL_TABLE_VTAB_H_
