// directly_connected_flow, following_flow, preceding_flow: flow walks.
// (Placeholder until the operator lands: registers nothing.)
#ifndef SRC_SQL_OPERATORS_FLOW_FUNCTIONS_H_
#define SRC_SQL_OPERATORS_FLOW_FUNCTIONS_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterFlowFunctions(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_FLOW_FUNCTIONS_H_
