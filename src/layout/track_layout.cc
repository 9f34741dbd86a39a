// Track layout: the merged track tree (TrackTree), then one pass over the
// slices in timestamp order placing each top-level slice on a lane of its
// group (LaneAssigner) and nested slices on their parent's lane.
#include "src/layout/track_layout.h"

#include <algorithm>
#include <climits>

#include "src/base/loop_blocks.h"
#include "src/layout/lane_assigner.h"
#include "src/layout/track_tree.h"
#include "src/storage/piece_reader.h"

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

// Exclusive end of a slice's activity: unfinished ones never end, instants
// occupy one nanosecond.
int64_t ActiveEnd(int64_t ts, int64_t dur) {
  if (dur < 0) return INT64_MAX;
  int64_t d = std::max<int64_t>(dur, 1);
  return ts > INT64_MAX - d ? INT64_MAX : ts + d;
}

}  // namespace

void ComputeTrackLayout(TraceStorage* s) {
  TrackTree tree(s);
  const std::vector<TrackGroup>& groups = tree.groups();
  const std::vector<uint32_t>& group_of_track = tree.group_of_track();

  const SliceTable& slice = s->slice;
  SliceLayoutTable& layout = s->slice_layout;
  uint32_t slices = slice.row_count();
  layout.group_id.ReserveRows(slices);
  layout.lane.ReserveRows(slices);
  std::vector<LaneAssigner> lanes(groups.size());
  std::vector<uint32_t> last_lane(group_of_track.size(), LaneAssigner::kNoLane);
  std::vector<int64_t> max_depth(groups.size(), -1);
  // A group with one source track needs one lane: no assignment to do.
  std::vector<uint8_t> single_source(groups.size());
  for (uint32_t g = 0; g < groups.size(); ++g) {
    single_source[g] = groups[g].tracks.size() == 1;
  }
  // Compact columns, read a piece at a time (ts and dur only for groups
  // with several source tracks).
  PieceReader<uint32_t, CompactUint32Column> track_of(slice.track_id, slices);
  PieceReader<uint32_t, CompactUint32Column> depth_of(slice.depth, slices);
  PieceReader<int64_t, TimestampColumn> ts_of(slice.ts, slices);
  PieceReader<int64_t, CompactInt64Column> dur_of(slice.dur, slices);
  // In blocks: one pass over every slice (src/base/loop_blocks.h).
  ForEachInBlocks(0, slices, [&](size_t row) {
    uint32_t r = static_cast<uint32_t>(row);
    uint32_t t = track_of[r];
    uint32_t g = t < group_of_track.size() ? group_of_track[t] : kNull;
    if (g == kNull) {
      layout.group_id.AppendNull();
      layout.lane.AppendNull();
      return;
    }
    max_depth[g] = std::max<int64_t>(max_depth[g], depth_of[r]);
    layout.group_id.Append(g);
    if (single_source[g]) {
      layout.lane.Append(0);
      return;
    }
    int64_t ts = ts_of[r];
    int64_t end = ActiveEnd(ts, dur_of[r]);
    uint32_t parent = slice.parent_id[r];
    uint32_t lane;
    if (parent != kNull && parent < r && layout.group_id[parent] == g &&
        layout.lane[parent] != kNull) {
      lane = layout.lane[parent];
      lanes[g].Extend(t, lane, end);
    } else {
      lane = lanes[g].StartUnit(t, ts, end, &last_lane[t]);
    }
    layout.lane.Append(lane);
  });
  layout.ts.set_sorted(slice.ts.sorted());

  const StringId kind_names[] = {s->Intern("slice"), s->Intern("counter"), s->Intern("cpu"),
                                 s->Intern("thread_state")};
  for (uint32_t g = 0; g < groups.size(); ++g) {
    const TrackGroup& group = groups[g];
    TrackGroupTable::Row row;
    row.parent_id = group.parent == TrackGroup::kNoParent ? kNull : group.parent;
    row.name = group.name;
    row.kind = kind_names[static_cast<int>(group.kind)];
    row.order_rank = group.order_rank;
    row.source_track_count = static_cast<uint32_t>(group.tracks.size());
    switch (group.kind) {
      case GroupKind::kCounter:
        row.lane_count = group.tracks.empty() ? 0 : 1;
        break;
      case GroupKind::kCpu:  // One row of sched slices / thread states.
      case GroupKind::kThreadState:
        row.lane_count = 1;
        max_depth[g] = 0;
        break;
      case GroupKind::kSlice:
        if (single_source[g]) {
          row.lane_count = max_depth[g] >= 0 ? 1 : 0;
        } else {
          row.lane_count = lanes[g].lane_count();
        }
        break;
    }
    row.upid = group.upid;
    row.utid = group.utid;
    row.cpu = group.cpu;
    row.max_depth = max_depth[g];
    row.tree_depth = group.tree_depth;
    row.has_sibling_order_rank = group.has_rank;
    row.sibling_order_rank = group.rank;
    s->track_group.Insert(row);
    for (uint32_t t : group.tracks) s->track_group_member.Insert(g, t);
  }
}

}  // namespace weft
