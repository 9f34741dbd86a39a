// weft's SQL functions (extract_arg, ...), registered on every connection.
#ifndef SRC_SQL_FUNCTIONS_H_
#define SRC_SQL_FUNCTIONS_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterFunctions(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_FUNCTIONS_H_
