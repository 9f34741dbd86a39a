// Perfetto's public views over the generic sampler tables
// (src/storage/profiler_sample_tables.h): perf_sample, perf_session,
// perf_counter_track, stack_sample and its context / session / counter
// views. Reference: docs/tables.md.
#ifndef SRC_SQL_PROFILER_VIEWS_H_
#define SRC_SQL_PROFILER_VIEWS_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

Status RegisterProfilerViews(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_PROFILER_VIEWS_H_
