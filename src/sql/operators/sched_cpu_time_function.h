// sched_cpu_time(start_ts, end_ts): the viewer's "CPU time by thread" in one
// pass over `sched` instead of SQLite's GROUP BY (which sorts every row:
// over a second in wasm on 600k sched slices). Rows: one per utid (other
// than 0, the idle thread) with sched slices where ts < end_ts and
// ts + dur > start_ts: utid, cpu_time = the sum of
// min(ts + dur, end_ts) - max(ts, start_ts) over them (the same arithmetic
// as that GROUP BY, so the answers are equal). Order: cpu_time descending,
// then utid.
#ifndef SRC_SQL_OPERATORS_SCHED_CPU_TIME_FUNCTION_H_
#define SRC_SQL_OPERATORS_SCHED_CPU_TIME_FUNCTION_H_

#include <sqlite3.h>

#include <cstdint>
#include <vector>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

struct SchedCpuTimeRow {
  uint32_t utid;
  int64_t cpu_time;
};

std::vector<SchedCpuTimeRow> ComputeSchedCpuTime(const SchedTable& sched, int64_t start_ts,
                                                 int64_t end_ts);

Status RegisterSchedCpuTimeFunction(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SCHED_CPU_TIME_FUNCTION_H_
