// __intrinsic_flamegraph: Perfetto's flamegraph operator.
//
//   CREATE VIRTUAL TABLE fg USING __intrinsic_flamegraph((
//     SELECT id, parent_id, name, value [, other columns] FROM ...));
//   SELECT name, depth, self_value, cumulative_value, x_start, x_end
//   FROM fg(__intrinsic_flamegraph_config('value', 'value', 'view', 'TOP_DOWN',
//                                        'filter', 'HIDE_FRAME', 'regex', ''));
//
// Columns: name, depth, x_start, x_end, _tree_id, _tree_parent_id, and for
// every other input column c: c (its grouping value or aggregate), self_c,
// cumulative_c, parent_cumulative_c (for value columns). The computation
// is in flamegraph_tree.h. WHERE __intrinsic_flamegraph_find(_tree_id,
// 'SUPER_ROOT') selects the root above the depth-1 frames instead.
#ifndef SRC_SQL_OPERATORS_FLAMEGRAPH_H_
#define SRC_SQL_OPERATORS_FLAMEGRAPH_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

Status RegisterFlamegraph(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_FLAMEGRAPH_H_
