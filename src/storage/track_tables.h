// The track hierarchy. `track` is the root table and stores every column
// any track kind needs; the child tables (thread_track, process_track,
// counter_track, ...) are TableViews over it, so a row has the same id in
// every table it belongs to, and `type` names its most specific kind.
#ifndef SRC_STORAGE_TRACK_TABLES_H_
#define SRC_STORAGE_TRACK_TABLES_H_

#include <memory>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

enum class TrackEventType : uint8_t { kSlice, kCounter, kState };

class TrackTable final : public StoredTable {
 public:
  TrackTable() : StoredTable("track") {}

  struct Row {
    StringId name = kNullStringId;
    StringId type = kNullStringId;
    TrackEventType event_type = TrackEventType::kSlice;
    uint32_t utid = Uint32Column::kNull;
    uint32_t upid = Uint32Column::kNull;
    uint32_t cpu = Uint32Column::kNull;
    uint32_t parent_id = Uint32Column::kNull;
    uint32_t dimension_arg_set_id = Uint32Column::kNull;
    StringId unit = kNullStringId;
  };
  uint32_t Insert(const Row& row, StringId event_type_name) {
    name.Append(row.name);
    type.Append(row.type);
    event_type.Append(event_type_name);
    parent_id.Append(row.parent_id);
    dimension_arg_set_id.Append(row.dimension_arg_set_id);
    source_arg_set_id.AppendNull();
    machine_id.AppendNull();
    utid.Append(row.utid);
    upid.Append(row.upid);
    cpu.Append(row.cpu);
    unit.Append(row.unit);
    description.Append(kNullStringId);
    analysis.Append(kNullStringId);
    kinds_.push_back(row.event_type);
    return NextRow();
  }
  TrackEventType kind(uint32_t row) const { return kinds_[row]; }

  IdColumn id{this, "id"};
  StringColumn name{this, "name"};
  StringColumn type{this, "type"};
  StringColumn event_type{this, "event_type"};
  Uint32Column parent_id{this, "parent_id"};
  Uint32Column dimension_arg_set_id{this, "dimension_arg_set_id"};
  Uint32Column source_arg_set_id{this, "source_arg_set_id"};
  Uint32Column machine_id{this, "machine_id"};
  // Context columns, shown only by the child tables that own them.
  Uint32Column utid{this, "utid", kHidden};
  Uint32Column upid{this, "upid", kHidden};
  Uint32Column cpu{this, "cpu", kHidden};
  StringColumn unit{this, "unit", kHidden};
  StringColumn description{this, "description", kHidden};
  // The analysis that derived the track's events (derived tracks only).
  StringColumn analysis{this, "analysis", kHidden};

 private:
  std::vector<TrackEventType> kinds_;
};

// The child tables of `track` (declared in track_tables.cc); rebuilt by
// Refresh() at the end of a load.
class TrackViews {
 public:
  explicit TrackViews(const TrackTable* track);
  void Refresh();
  std::vector<const Table*> tables() const;

 private:
  const TrackTable* track_;
  std::vector<std::unique_ptr<TableView>> views_;  // One per kChildTables entry.
};

}  // namespace weft

#endif  // SRC_STORAGE_TRACK_TABLES_H_
