// The track layout the UI draws (computed once at the end of a load by
// src/layout/): `track_group` is the visual track tree after sibling merging,
// `track_group_member` maps groups to their source tracks, and
// `slice_layout` places every slice on a lane (analysis track) of its group.
// Importers record per-track merge hints (TrackLayoutHints) while loading.
#ifndef SRC_STORAGE_LAYOUT_TABLES_H_
#define SRC_STORAGE_LAYOUT_TABLES_H_

#include <cstdint>
#include <unordered_map>

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/slice_tables.h"
#include "src/storage/table.h"

namespace weft {

// TrackDescriptor.SiblingMergeBehavior values.
enum class SiblingMerge : uint8_t {
  kUnspecified = 0,
  kByTrackName = 1,
  kNone = 2,
  kBySiblingMergeKey = 3,
};

// TrackDescriptor.ChildTracksOrdering values.
enum class ChildOrdering : uint8_t {
  kUnknown = 0,
  kLexicographic = 1,
  kChronological = 2,
  kExplicit = 3,
};

// What an importer said about how a track lays out. Tracks without a hint
// merge by name, and are their thread's own track when they are
// thread-scoped slice tracks without a parent.
struct TrackLayoutHint {
  enum class Role : uint8_t {
    kAuto,         // Decided from the track's columns (see above).
    kContextRoot,  // The thread's / process's own track (never merges).
    kChild,        // A track nested under its thread / process / parent.
  };
  Role role = Role::kAuto;
  SiblingMerge merge = SiblingMerge::kUnspecified;
  ChildOrdering child_ordering = ChildOrdering::kUnknown;
  bool has_rank = false;
  int32_t rank = 0;
  StringId merge_key = kNullStringId;
};

class TrackLayoutHints {
 public:
  void Set(uint32_t track, const TrackLayoutHint& hint) { hints_[track] = hint; }
  const TrackLayoutHint* Find(uint32_t track) const {
    auto it = hints_.find(track);
    return it == hints_.end() ? nullptr : &it->second;
  }

 private:
  std::unordered_map<uint32_t, TrackLayoutHint> hints_;
};

class TrackGroupTable final : public StoredTable {
 public:
  TrackGroupTable() : StoredTable("track_group") {}
  struct Row {
    uint32_t parent_id = Uint32Column::kNull;
    StringId name = kNullStringId;
    StringId kind = kNullStringId;
    int64_t order_rank = 0;
    uint32_t source_track_count = 0;
    uint32_t lane_count = 0;
    uint32_t upid = Uint32Column::kNull;
    uint32_t utid = Uint32Column::kNull;
    uint32_t cpu = Uint32Column::kNull;
    int64_t max_depth = -1;
    uint32_t tree_depth = 0;
    bool has_sibling_order_rank = false;
    int64_t sibling_order_rank = 0;
  };
  uint32_t Insert(const Row& r) {
    parent_id.Append(r.parent_id);
    name.Append(r.name);
    kind.Append(r.kind);
    order_rank.Append(r.order_rank);
    source_track_count.Append(r.source_track_count);
    lane_count.Append(r.lane_count);
    upid.Append(r.upid);
    utid.Append(r.utid);
    cpu.Append(r.cpu);
    max_depth.Append(r.max_depth);
    tree_depth.Append(r.tree_depth);
    if (r.has_sibling_order_rank) {
      sibling_order_rank.Append(r.sibling_order_rank);
    } else {
      sibling_order_rank.AppendNull();
    }
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column parent_id{this, "parent_id", kIndexed};
  StringColumn name{this, "name"};
  StringColumn kind{this, "kind"};
  Int64Column order_rank{this, "order_rank"};
  Uint32Column source_track_count{this, "source_track_count"};
  Uint32Column lane_count{this, "lane_count"};
  Uint32Column upid{this, "upid"};
  Uint32Column utid{this, "utid"};
  Uint32Column cpu{this, "cpu"};
  Int64Column max_depth{this, "max_depth"};
  Uint32Column tree_depth{this, "tree_depth"};
  // The smallest sibling_order_rank of the sources (or the process / thread
  // sort index); order_rank is the position among siblings.
  Int64Column sibling_order_rank{this, "sibling_order_rank"};
};

class TrackGroupMemberTable final : public StoredTable {
 public:
  TrackGroupMemberTable() : StoredTable("track_group_member") {}
  void Insert(uint32_t group, uint32_t track) {
    group_id.Append(group);
    track_id.Append(track);
    NextRow();
  }

  Uint32Column group_id{this, "group_id", kIndexed};
  Uint32Column track_id{this, "track_id", kIndexed};
};

// One row per slice, row i describing slice i: its group and lane are
// stored (8 bytes a slice); ts, dur and depth are the slice's own (a lane
// holds one source track at a time, so depths within a lane are the
// depths within the source track).
class SliceLayoutTable final : public Table {
  const SliceTable* slice_;  // Declared first: the alias columns read it.

 public:
  explicit SliceLayoutTable(const SliceTable* slice)
      : Table("slice_layout"), slice_(slice) {}
  uint32_t row_count() const override {
    return static_cast<uint32_t>(group_id.size());
  }

  IdColumn slice_id{this, "slice_id"};
  // A row per slice: narrow ids (groups and lanes are few; 1 byte each
  // while under 255).
  CompactUint32Column group_id{this, "group_id", kIndexed};
  CompactUint32Column lane{this, "lane"};
  AliasColumn depth{this, "depth", &slice_->depth, kNoFlags};
  AliasColumn ts{this, "ts", &slice_->ts, kNoFlags};
  AliasColumn dur{this, "dur", &slice_->dur, kNoFlags};
};

}  // namespace weft

#endif  // SRC_STORAGE_LAYOUT_TABLES_H_
