// directly_connected_flow(id), following_flow(id), preceding_flow(id):
// table-valued functions returning rows of the `flow` table (id, slice_out,
// slice_in, trace_id, arg_set_id, plus a hidden start_id argument column)
// reachable from one slice, in the order a breadth-first walk finds them.
//
//   directly_connected_flow(s)  flows on a chain f0 -> ... -> fn
//                               (fi.slice_in = fi+1.slice_out) with
//                               f0.slice_out = s or fn.slice_in = s.
//   following_flow(s)           chains walked forwards, where each next
//                               flow leaves the previous flow's slice_in or
//                               one of its descendants; f0 leaves s or one
//                               of s's descendants.
//   preceding_flow(s)           the mirror image: chains walked backwards
//                               through slice_in of s or its ancestors, then
//                               of each reached slice_out or its ancestors.
//
// Each flow appears once; every slice is expanded at most once, so the walk
// ends even on a (malformed) cyclic flow graph. A NULL id gives no rows; an
// id that is not a slice, or a non-integer, is an error (as in Perfetto).
#ifndef SRC_SQL_OPERATORS_FLOW_FUNCTIONS_H_
#define SRC_SQL_OPERATORS_FLOW_FUNCTIONS_H_

#include <sqlite3.h>

#include <cstdint>
#include <vector>

#include "src/base/status.h"
#include "src/sql/operators/slice_tree_functions.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterFlowFunctions(sqlite3* db, const TraceStorage* storage);

enum class FlowWalk : uint8_t { kDirectlyConnected, kFollowing, kPreceding };

// Flow rows reachable from slice |slice_id| by |walk| (|rows| is cleared
// first). False if |slice_id| is no slice.
bool ConnectedFlowRows(const TraceStorage& storage, FlowWalk walk,
                       int64_t slice_id, RowListScratch* scratch,
                       std::vector<uint32_t>* rows);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_FLOW_FUNCTIONS_H_
