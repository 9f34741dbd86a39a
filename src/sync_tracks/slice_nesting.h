// Re-nesting of a thread track after profile calls join it: every slice of
// the track (trace events and calls) gets the depth and parent of one call
// tree. Reference: docs/sync_tracks.md ("Nesting").
#ifndef SRC_SYNC_TRACKS_SLICE_NESTING_H_
#define SRC_SYNC_TRACKS_SLICE_NESTING_H_

#include <cstdint>
#include <vector>

#include "src/storage/slice_tables.h"

namespace weft {

// An item of a thread track being re-nested: a slice or a call.
struct NestItem {
  int64_t ts;
  int64_t end;
  bool is_call;
  uint32_t order;  // Slices: their depth; calls: their opening order.
  uint32_t row;
};

// An item's parent is the innermost earlier item that contains it; a call
// reaching past its parent is cut at the parent's end (its dur changes).
// |slice_items| are the track's trace events (any order); the calls are
// the |call_count| rows from |first_call_row|, in opening order.
void RenestTrack(std::vector<NestItem> slice_items, uint32_t first_call_row, uint32_t call_count,
                 SliceTable* slices);

}  // namespace weft

#endif  // SRC_SYNC_TRACKS_SLICE_NESTING_H_
