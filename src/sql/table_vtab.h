// Exposes a storage Table to SQLite as an eponymous virtual table: the table
// is queried in place, never copied. Filters (=, <, <=, >, >=, !=, IS,
// IS NULL, IN) and ORDER BY are pushed down; ids resolve in O(1) and sorted
// columns by binary search.
#ifndef SRC_SQL_TABLE_VTAB_H_
#define SRC_SQL_TABLE_VTAB_H_

#include <sqlite3.h>

#include <string>

#include "src/base/status.h"
#include "src/storage/string_pool.h"
#include "src/storage/table.h"

namespace weft {

// The SQL type a column declares, and its declaration in a vtab schema
// ("name" TYPE).
const char* SqlType(ColumnType type);
std::string SqlColumnDef(const Column& column);

// Sets |ctx|'s result to the cell (|col|, |row|): the one place that maps
// column types to SQLite values. Pool strings are passed without a copy.
void ResultCell(sqlite3_context* ctx, const Column* col, uint32_t row,
                const StringPool& pool, std::string* scratch);

// Registers |table| under its own name on |db|. |table| and |pool| must
// outlive the connection.
Status RegisterTableVtab(sqlite3* db, const Table* table,
                         const StringPool* pool);

}  // namespace weft

#endif  // SRC_SQL_TABLE_VTAB_H_
