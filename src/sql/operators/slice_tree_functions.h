// ancestor_slice(id) and descendant_slice(id): slices above / below one.
// (Placeholder until the operator lands: registers nothing.)
#ifndef SRC_SQL_OPERATORS_SLICE_TREE_FUNCTIONS_H_
#define SRC_SQL_OPERATORS_SLICE_TREE_FUNCTIONS_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterSliceTreeFunctions(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SLICE_TREE_FUNCTIONS_H_
