// SliceTracker: nests slices per track with a stack of open slices,
// computing depth and parent_id as events arrive in timestamp order.
// B/E pairs, complete (X) events and instants share one stack per track,
// so the nesting rules (including Perfetto's zero-duration quirks) live in
// one place.
#ifndef SRC_IMPORTERS_COMMON_SLICE_TRACKER_H_
#define SRC_IMPORTERS_COMMON_SLICE_TRACKER_H_

#include <cstdint>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

constexpr uint32_t kNoSlice = Uint32Column::kNull;
constexpr int64_t kNoThreadTime = SparseInt64Column::kNullValue;

struct SliceInfo {
  StringId cat = kNullStringId;
  StringId name = kNullStringId;
  uint32_t arg_set = Uint32Column::kNull;
  int64_t tts = kNoThreadTime;
  int64_t tdur = kNoThreadTime;
};

// The slice a complete event partially overlapped (it started inside it
// and ended after it), reported instead of inserting.
struct Overlap {
  uint32_t conflicting_slice = kNoSlice;
};

class SliceTracker {
 public:
  explicit SliceTracker(TraceStorage* storage) : storage_(storage) {}

  // An open-ended slice (B, b); dur is -1 until End().
  uint32_t Begin(uint32_t track, int64_t ts, const SliceInfo& info);
  // A slice with known duration (X, instants). Returns kNoSlice and fills
  // |overlap| if it would cross the end of the enclosing slice.
  uint32_t Scoped(uint32_t track, int64_t ts, int64_t dur,
                  const SliceInfo& info, Overlap* overlap);
  // Closes the innermost open slice matching |info|'s category and name
  // (NULL matches anything). The end event's args (a private set) join the
  // slice's args. Returns kNoSlice if nothing matched (args released).
  uint32_t End(uint32_t track, int64_t ts, const SliceInfo& info);
  // The innermost slice open at |ts| on |track|, or kNoSlice.
  uint32_t OpenSliceAt(uint32_t track, int64_t ts);

 private:
  struct OpenSlice {
    uint32_t row;
    int64_t ts;
    int64_t dur;  // -1 while waiting for its end event.
  };
  struct Stack : std::vector<OpenSlice> {
    // Slices on the stack with a known end (dur >= 0): none, and no slice
    // can have ended — the common case of begin / end events, checked
    // without walking the stack per event.
    uint32_t with_end = 0;
  };

  Stack& StackFor(uint32_t track) {
    if (track >= stacks_.size()) stacks_.resize(track + 1);
    return stacks_[track];
  }
  // Pops slices that ended before a new one starting at |ts| with
  // duration |dur| (-1: open-ended). A slice that ended with slices still
  // open inside it stays until an event after its end, which cuts those
  // at its end (misplaced_end_event).
  void CloseEnded(Stack* stack, int64_t ts, int64_t dur);
  void Pop(Stack* stack);
  // Sets every slice above |index| to end at |end|, then pops them and
  // the slice at |index|.
  void CutAbove(Stack* stack, size_t index, int64_t end);
  uint32_t Insert(Stack* stack, uint32_t track, int64_t ts, int64_t dur,
                  const SliceInfo& info);

  TraceStorage* storage_;
  std::vector<Stack> stacks_;  // By track id.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_SLICE_TRACKER_H_
