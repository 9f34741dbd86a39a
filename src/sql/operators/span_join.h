// SPAN_JOIN, SPAN_LEFT_JOIN and SPAN_OUTER_JOIN: intersections of (ts, dur)
// spans of two tables or views, optionally per partition, as in Perfetto:
//
//   CREATE VIRTUAL TABLE sj USING SPAN_JOIN(t1 [PARTITIONED col],
//                                           t2 [PARTITIONED col]);
//
// Output columns: ts, dur, the partition column (if any side has one), then
// t1's other columns, then t2's (a name on both sides is an error).
// SPAN_LEFT_JOIN also keeps the parts of t1's spans not covered by t2 (t2's
// columns NULL there); SPAN_OUTER_JOIN does so for both sides. Rows with a
// NULL partition are ignored. The inputs are read sorted through SQLite on
// every scan (never copied) and merged in one pass; spans of one input
// overlapping within a partition fail the query (Perfetto silently returns
// wrong rows). Equality on the partition column is pushed into the inputs,
// as are upper bounds on ts for inner joins.
#ifndef SRC_SQL_OPERATORS_SPAN_JOIN_H_
#define SRC_SQL_OPERATORS_SPAN_JOIN_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

// Registers the span_join, span_left_join and span_outer_join modules.
Status RegisterSpanJoin(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SPAN_JOIN_H_
