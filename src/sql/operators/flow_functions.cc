// Placeholder: see flow_functions.h.
#include "src/sql/operators/flow_functions.h"

namespace weft {

Status RegisterFlowFunctions(sqlite3*, const TraceStorage*) {
  return Status::Ok();
}

}  // namespace weft
