// Track layout for derived tracks, appended after the load's layout: each
// new track becomes its own track_group (under its process when it has
// one, else at the top level, after the existing siblings) and its slices
// get slice_layout rows on lane 0 (a group of one track needs no lanes).
#ifndef SRC_ANALYSIS_DERIVED_LAYOUT_H_
#define SRC_ANALYSIS_DERIVED_LAYOUT_H_

#include <cstdint>

#include "src/storage/trace_storage.h"

namespace weft {

// Lays out tracks [first_track, track count) and slices [first_slice, slice count).
void AppendDerivedLayout(TraceStorage* s, uint32_t first_track, uint32_t first_slice);

}  // namespace weft

#endif  // SRC_ANALYSIS_DERIVED_LAYOUT_H_
