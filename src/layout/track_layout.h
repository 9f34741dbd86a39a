// Computes the track layout tables (track_group, track_group_member,
// slice_layout) of a finalized TraceStorage. See src/storage/layout_tables.h
// for what they hold.
// Reference: docs/track_layout.md
#ifndef SRC_LAYOUT_TRACK_LAYOUT_H_
#define SRC_LAYOUT_TRACK_LAYOUT_H_

#include "src/storage/trace_storage.h"

namespace weft {

// Fills the layout tables; call once, after TraceStorage::Finalize().
void ComputeTrackLayout(TraceStorage* storage);

}  // namespace weft

#endif  // SRC_LAYOUT_TRACK_LAYOUT_H_
