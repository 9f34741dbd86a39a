// Placeholder: see slice_tree_functions.h.
#include "src/sql/operators/slice_tree_functions.h"

namespace weft {

Status RegisterSliceTreeFunctions(sqlite3*, const TraceStorage*) {
  return Status::Ok();
}

}  // namespace weft
