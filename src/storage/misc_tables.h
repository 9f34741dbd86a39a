// Small tables about the trace itself: `stats` (counters of notable events
// during import), `metadata` (trace-level key/values),
// `_trace_import_logs` (one row per import problem worth explaining, with
// details in args) and `clock_snapshot` (the readings of every valid
// ClockSnapshot, at its time in the trace clock).
#ifndef SRC_STORAGE_MISC_TABLES_H_
#define SRC_STORAGE_MISC_TABLES_H_

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/stats.h"
#include "src/storage/table.h"

namespace weft {

class StatsTable final : public Table {
 public:
  explicit StatsTable(StringPool* pool);
  // One row per single stat, then one per indexed stat value set.
  uint32_t row_count() const override {
    return static_cast<uint32_t>(Stat::kCount) + static_cast<uint32_t>(indexed_.size());
  }
  void Increment(Stat s, int64_t by = 1) { values_[static_cast<size_t>(s)] += by; }
  void Set(Stat s, int64_t v) { values_[static_cast<size_t>(s)] = v; }
  int64_t Get(Stat s) const { return values_[static_cast<size_t>(s)]; }

  // Indexed stats, per machine (0: the host).
  void SetIndexed(IndexedStat s, int64_t idx, int64_t v, uint32_t machine = 0) {
    *Slot(s, idx, machine) = v;
  }
  void IncrementIndexed(IndexedStat s, int64_t idx, int64_t by = 1, uint32_t machine = 0) {
    *Slot(s, idx, machine) += by;
  }
  // nullopt when never set.
  std::optional<int64_t> GetIndexed(IndexedStat s, int64_t idx, uint32_t machine = 0) const;

 private:
  class StatColumn;
  struct IndexedValue {
    IndexedStat stat;
    uint32_t machine;
    int64_t idx;
    int64_t value;
  };
  int64_t* Slot(IndexedStat s, int64_t idx, uint32_t machine);

  std::array<int64_t, static_cast<size_t>(Stat::kCount)> values_{};
  // Sorted by (stat, machine, idx): the order of their rows.
  std::vector<IndexedValue> indexed_;
  std::vector<std::unique_ptr<Column>> columns_owned_;
};

class MetadataTable final : public StoredTable {
 public:
  static constexpr uint32_t kNone = Uint32Column::kNull;
  MetadataTable() : StoredTable("metadata") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &name, &key_type, &int_value, &str_value, &machine_id, &trace_id}) {
      AddColumn(c);
    }
  }
  // Keys about the trace have trace_id 0 and no machine, keys about a
  // machine its id and no trace, keys about both (what a machine recorded
  // in this trace) both: Perfetto's scopes.
  uint32_t InsertInt(StringId n, StringId single, int64_t v, uint32_t machine = kNone,
                     uint32_t trace = 0) {
    int_value.Append(v);
    str_value.Append(kNullStringId);
    return InsertKey(n, single, machine, trace);
  }
  uint32_t InsertString(StringId n, StringId single, StringId v, uint32_t machine = kNone,
                        uint32_t trace = 0) {
    int_value.AppendNull();
    str_value.Append(v);
    return InsertKey(n, single, machine, trace);
  }
  // Single-valued keys: replace the value of the row of (|n|, |machine|).
  void SetInt(StringId n, StringId single, int64_t v, uint32_t machine = kNone,
              uint32_t trace = 0) {
    uint32_t row = Find(n, machine);
    if (row == kNone) {
      InsertInt(n, single, v, machine, trace);
    } else {
      int_value.Set(row, v);
      str_value.Set(row, kNullStringId);
    }
  }
  void SetString(StringId n, StringId single, StringId v, uint32_t machine = kNone,
                 uint32_t trace = 0) {
    uint32_t row = Find(n, machine);
    if (row == kNone) {
      InsertString(n, single, v, machine, trace);
    } else {
      int_value.SetNull(row);
      str_value.Set(row, v);
    }
  }
  // The row of key |n| for |machine|, or kNone.
  uint32_t Find(StringId n, uint32_t machine = kNone) const {
    for (uint32_t r = 0; r < rows_; ++r) {
      if (name[r] == n && machine_id[r] == machine) return r;
    }
    return kNone;
  }

  IdColumn id{"id"};
  StringColumn name{"name"};
  StringColumn key_type{"key_type"};
  Int64Column int_value{"int_value"};
  StringColumn str_value{"str_value"};
  Uint32Column machine_id{"machine_id"};
  Uint32Column trace_id{"trace_id"};

 private:
  uint32_t InsertKey(StringId n, StringId single, uint32_t machine, uint32_t trace) {
    name.Append(n);
    key_type.Append(single);
    machine_id.Append(machine);
    trace_id.Append(trace);
    return NextRow();
  }
};

class ClockSnapshotTable final : public StoredTable {
 public:
  ClockSnapshotTable() : StoredTable("clock_snapshot") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ts, &clock_id, &clock_name, &clock_value, &snapshot_id, &machine_id}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(int64_t t, int64_t clock, StringId name, int64_t value, uint32_t snapshot) {
    ts.Append(t);
    clock_id.Append(clock);
    clock_name.Append(name);
    clock_value.Append(value);
    snapshot_id.Append(snapshot);
    machine_id.Append(Uint32Column::kNull);
    return NextRow();
  }

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  Int64Column clock_id{"clock_id"};
  StringColumn clock_name{"clock_name"};
  Int64Column clock_value{"clock_value"};
  Uint32Column snapshot_id{"snapshot_id"};
  Uint32Column machine_id{"machine_id"};
};

class ImportLogsTable final : public StoredTable {
 public:
  ImportLogsTable() : StoredTable("_trace_import_logs") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ts, &severity, &name, &byte_offset, &arg_set_id}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(int64_t t, StringId sev, StringId n, uint32_t args) {
    ts.Append(t);
    severity.Append(sev);
    name.Append(n);
    byte_offset.AppendNull();
    arg_set_id.Append(args);
    return NextRow();
  }
  // A problem tied to a byte of the trace rather than to a time.
  uint32_t InsertAtOffset(StringId sev, StringId n, int64_t offset, uint32_t args) {
    ts.AppendNull();
    severity.Append(sev);
    name.Append(n);
    byte_offset.Append(offset);
    arg_set_id.Append(args);
    return NextRow();
  }

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  StringColumn severity{"severity"};
  StringColumn name{"name"};
  Int64Column byte_offset{"byte_offset"};
  Uint32Column arg_set_id{"arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_MISC_TABLES_H_
