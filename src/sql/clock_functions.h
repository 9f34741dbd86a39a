// Clock conversion SQL functions, as Perfetto's: to_realtime(ts),
// to_monotonic(ts), abs_time_str(ts) (the realtime as an ISO 8601 UTC
// string) and to_timecode(ts) ("HH:MM:SS mmm uuu nnn"). Conversions use the
// clock_snapshot table; NULL when the trace has no snapshot of that clock.
#ifndef SRC_SQL_CLOCK_FUNCTIONS_H_
#define SRC_SQL_CLOCK_FUNCTIONS_H_

#include <cstdint>
#include <map>
#include <optional>

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

// Trace time -> a clock's time, from the snapshots of that clock.
class ClockTimeline {
 public:
  ClockTimeline(const TraceStorage& storage, int64_t clock_id);
  // Between two snapshots the clock advances with the trace clock but never
  // past the next snapshot's value (the clock need not be monotonic); past
  // the last one it keeps advancing; before the first, or at a snapshot,
  // it is that snapshot's value.
  std::optional<int64_t> FromTraceTime(int64_t ts) const;

 private:
  std::map<int64_t, int64_t> values_;  // Trace ts -> clock value.
};

Status RegisterClockFunctions(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_CLOCK_FUNCTIONS_H_
