// TrackTree: the visual track tree. Every track is placed under its parent
// track, thread or process; sibling tracks that are eligible to merge
// (same merge behavior and equal name or sibling_merge_key) become one
// group, recursively, so the children of merged tracks merge by their own
// rules. Siblings are ordered by their parent's child_ordering. Kernel
// scheduling data gets groups of its own: one per CPU at the top (its sched
// slices, with the CPU's counter tracks under it) and a thread-state group
// under every thread that has thread_state rows.
#ifndef SRC_LAYOUT_TRACK_TREE_H_
#define SRC_LAYOUT_TRACK_TREE_H_

#include <cstdint>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

// What a group draws: slices of its tracks, a counter, a CPU's sched
// slices, or a thread's thread_state.
enum class GroupKind : uint8_t { kSlice, kCounter, kCpu, kThreadState };

struct TrackGroup {
  static constexpr uint32_t kNoParent = UINT32_MAX;
  uint32_t parent = kNoParent;  // Index into TrackTree::groups().
  uint32_t tree_depth = 0;
  uint32_t order_rank = 0;      // Position among its siblings.
  StringId name = kNullStringId;
  GroupKind kind = GroupKind::kSlice;
  uint32_t upid = Uint32Column::kNull;  // Set on process groups.
  uint32_t utid = Uint32Column::kNull;  // Set on thread and thread-state groups.
  uint32_t cpu = Uint32Column::kNull;   // Set on CPU groups.
  bool has_rank = false;
  int64_t rank = 0;             // Smallest sibling_order_rank / sort index.
  std::vector<uint32_t> tracks; // Source tracks, increasing.
};

class TrackTree {
 public:
  // Builds the tree of |storage|'s tracks. Records
  // track_merge_inconsistent_properties in |storage|'s stats.
  explicit TrackTree(TraceStorage* storage);

  // Groups in display order (pre-order, siblings ordered): a group's index
  // is its id.
  const std::vector<TrackGroup>& groups() const { return groups_; }
  // The group of each track (by track id).
  const std::vector<uint32_t>& group_of_track() const { return group_of_track_; }

 private:
  std::vector<TrackGroup> groups_;
  std::vector<uint32_t> group_of_track_;
};

}  // namespace weft

#endif  // SRC_LAYOUT_TRACK_TREE_H_
