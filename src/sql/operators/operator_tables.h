// Operator tables: virtual tables and table-valued functions that compute
// results (span joins, slice ancestry, flow walks) rather than expose a
// stored table. Registered on every connection by SqlEngine.
#ifndef SRC_SQL_OPERATORS_OPERATOR_TABLES_H_
#define SRC_SQL_OPERATORS_OPERATOR_TABLES_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterOperatorTables(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_OPERATOR_TABLES_H_
