// slice_summary(start_ts, end_ts [, filter_track_ids]): the viewer's area
// summary computed in one pass over `slice` instead of SQLite's row-at-a-time
// GROUP BY and self-join (seconds on a million slices). Rows: one per
// slice name among the slices overlapping [start_ts, end_ts] (ts <= end_ts
// and ts + dur >= start_ts; unfinished slices, dur -1, overlap any later
// range) on the listed tracks (ids joined with ','; absent or NULL: all):
// name, slice_count, total_dur, max_dur, self_dur. Durations of unfinished
// slices count as 0; self_dur is total_dur minus the durations of the
// direct children of those slices (children anywhere, as they lie inside
// their parent). Order: total_dur descending, then name.
#ifndef SRC_SQL_OPERATORS_SLICE_SUMMARY_FUNCTION_H_
#define SRC_SQL_OPERATORS_SLICE_SUMMARY_FUNCTION_H_

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

struct SliceSummaryRow {
  StringId name;
  int64_t slice_count = 0;
  int64_t total_dur = 0;
  int64_t max_dur = 0;
  int64_t child_dur = 0;  // Of the direct children; self = total - child.
};

std::vector<SliceSummaryRow> ComputeSliceSummary(const SliceTable& slice, const StringPool& pool,
                                                 int64_t start_ts, int64_t end_ts,
                                                 std::optional<std::string_view> track_ids);

Status RegisterSliceSummaryFunction(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SLICE_SUMMARY_FUNCTION_H_
