// sched_buckets(kind, id, start_ts, end_ts, max_dur, bucket [, skip_utids]):
// the viewer's crowded CPU / thread-state windows merged per pixel bucket
// in one pass over the group's rows (found by index, ts-ordered), where
// SQLite's GROUP BY sorted every row of the window (two thirds of a
// window's cost). The rows of a group are, for kind 'cpu', the `sched`
// slices with cpu = id and utid not in skip_utids (ids joined with ',');
// for kind 'thread_state', the `thread_state` rows with utid = id; of
// those, the ones with start_ts <= ts <= end_ts and 0 <= dur <= max_dur.
// One row per bucket (ts / bucket, truncated as SQLite divides): id =
// min(id), ts = min(ts), dur = max(ts + dur) - min(ts), n = count, and key
// = min(utid) for 'cpu'; for 'thread_state' the bucket's most telling
// state: 'Running', else 'R' if a state starts with r or R, else 'D' if
// one starts with d or D, else 'S'. Ordered by ts.
#ifndef SRC_SQL_OPERATORS_SCHED_BUCKETS_FUNCTION_H_
#define SRC_SQL_OPERATORS_SCHED_BUCKETS_FUNCTION_H_

#include <sqlite3.h>

#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

struct SchedBucketsQuery {
  bool thread_state = false;  // Else cpu.
  int64_t id = 0;
  int64_t start_ts = 0, end_ts = 0, max_dur = 0, bucket = 1;
  std::unordered_set<uint32_t> skip_utids;
};

struct SchedBucketRow {
  int64_t key_bucket;  // ts / bucket.
  uint32_t id;
  int64_t ts, end;
  int64_t n;
  int64_t key;  // cpu: the utid; thread_state: 3 Running, 2 R, 1 D, 0 S.
};

std::vector<SchedBucketRow> ComputeSchedBuckets(const TraceStorage& storage,
                                                const SchedBucketsQuery& q);

Status RegisterSchedBucketsFunction(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SCHED_BUCKETS_FUNCTION_H_
