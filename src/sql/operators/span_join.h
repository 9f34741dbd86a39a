// SPAN_JOIN, SPAN_LEFT_JOIN and SPAN_OUTER_JOIN: intersections of (ts, dur) spans.
// (Placeholder until the operator lands: registers nothing.)
#ifndef SRC_SQL_OPERATORS_SPAN_JOIN_H_
#define SRC_SQL_OPERATORS_SPAN_JOIN_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterSpanJoin(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SPAN_JOIN_H_
