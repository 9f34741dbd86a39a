// experimental_slice_layout(filter_track_ids): Perfetto's table function
// that stacks the slices of several tracks into one track. Argument: track
// ids joined with ','. Rows: (id, layout_depth) of every slice on those
// tracks, in id order; layout_depth = the slice's depth plus the offset
// given to its "stalactite" (a depth-0 slice with all its descendants).
#ifndef SRC_SQL_OPERATORS_SLICE_LAYOUT_FUNCTION_H_
#define SRC_SQL_OPERATORS_SLICE_LAYOUT_FUNCTION_H_

#include <sqlite3.h>

#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

struct SliceLayoutRow {
  uint32_t id;
  uint32_t layout_depth;
};

// The layout of the slices on the tracks listed in |filter_track_ids|
// ("1,2,5"; tokens that are not track ids are ignored, as in Perfetto).
// Stalactites are placed in start order, each at the smallest offset whose
// depth range is disjoint from those of the stalactites still open at its
// start (one ends at its last descendant's end; unfinished: never).
// The ids in a list like "1,2,5"; tokens that are not track ids are skipped.
std::unordered_set<uint32_t> ParseTrackIds(std::string_view list);

std::vector<SliceLayoutRow> ComputeSliceLayout(const SliceTable& slice,
                                               std::string_view filter_track_ids);

Status RegisterSliceLayoutFunction(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SLICE_LAYOUT_FUNCTION_H_
