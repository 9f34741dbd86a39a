// Appends track_group / track_group_member / slice_layout rows for derived
// tracks; see derived_layout.h.
#include "src/analysis/derived_layout.h"

#include <algorithm>
#include <vector>

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

// The group of process |upid|, or kNull.
uint32_t ProcessGroup(const TrackGroupTable& g, uint32_t upid) {
  if (upid == kNull) return kNull;
  for (uint32_t r = 0; r < g.row_count(); ++r) {
    if (g.upid[r] == upid && g.utid.IsNull(r)) return r;
  }
  return kNull;
}

// One past the largest order_rank among the children of |parent|.
int64_t NextOrderRank(const TrackGroupTable& g, uint32_t parent) {
  int64_t next = 0;
  for (uint32_t r = 0; r < g.row_count(); ++r) {
    if (g.parent_id[r] == parent) next = std::max(next, g.order_rank[r] + 1);
  }
  return next;
}

}  // namespace

void AppendDerivedLayout(TraceStorage* s, uint32_t first_track, uint32_t first_slice) {
  uint32_t tracks = s->track.row_count();
  if (first_track > tracks) return;
  std::vector<int64_t> max_depth(tracks - first_track, -1);
  for (uint32_t r = first_slice; r < s->slice.row_count(); ++r) {
    uint32_t t = s->slice.track_id[r];
    if (t < first_track) continue;
    max_depth[t - first_track] = std::max<int64_t>(max_depth[t - first_track], s->slice.depth[r]);
  }
  TrackGroupTable& groups = s->track_group;
  std::vector<uint32_t> group_of(tracks - first_track, kNull);
  StringId slice_kind = s->Intern("slice"), counter_kind = s->Intern("counter");
  for (uint32_t t = first_track; t < tracks; ++t) {
    bool counter = s->track.kind(t) == TrackEventType::kCounter;
    TrackGroupTable::Row row;
    row.parent_id = ProcessGroup(groups, s->track.upid[t]);
    row.name = s->track.name[t];
    row.kind = counter ? counter_kind : slice_kind;
    row.order_rank = NextOrderRank(groups, row.parent_id);
    row.source_track_count = 1;
    int64_t depth = max_depth[t - first_track];
    row.lane_count = counter ? 1 : (depth >= 0 ? 1 : 0);
    row.upid = s->track.upid[t];
    row.max_depth = depth;
    row.tree_depth = row.parent_id == kNull ? 0 : groups.tree_depth[row.parent_id] + 1;
    uint32_t g = groups.Insert(row);
    s->track_group_member.Insert(g, t);
    group_of[t - first_track] = g;
  }
  SliceLayoutTable& layout = s->slice_layout;
  for (uint32_t r = layout.row_count(); r < s->slice.row_count(); ++r) {
    uint32_t t = s->slice.track_id[r];
    uint32_t g = t >= first_track && t < tracks ? group_of[t - first_track] : kNull;
    if (g == kNull) {
      layout.group_id.AppendNull();
      layout.lane.AppendNull();
    } else {
      layout.group_id.Append(g);
      layout.lane.Append(0);
    }
  }
  layout.ts.set_sorted(s->slice.ts.sorted());
}

}  // namespace weft
