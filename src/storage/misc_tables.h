// Small tables about the trace itself: `stats` (counters of notable events
// during import), `metadata` (trace-level key/values),
// `_trace_import_logs` (one row per import problem worth explaining, with
// details in args) and `clock_snapshot` (the readings of every valid
// ClockSnapshot, at its time in the trace clock).
#ifndef SRC_STORAGE_MISC_TABLES_H_
#define SRC_STORAGE_MISC_TABLES_H_

#include <array>
#include <optional>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/stats.h"
#include "src/storage/table.h"

namespace weft {

class StatsTable final : public Table {
 public:
  explicit StatsTable(StringPool* pool) : Table("stats"), pool_(pool) {}
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
  struct IndexedValue {
    IndexedStat stat;
    uint32_t machine;
    int64_t idx;
    int64_t value;
  };
  // Rows [0, Stat::kCount) are the single stats, the rest the indexed
  // values in order. Texts of the stats are interned once, per stat.
  class StatColumn final : public Column {
   public:
    enum Kind { kName, kIdx, kSeverity, kSource, kValue, kDescription, kMachineId, kTraceId };
    StatColumn(StatsTable* table, Kind kind, const char* name, ColumnType type);
    bool IsNull(uint32_t row) const override;
    int64_t GetInt(uint32_t row) const override;
    StringId GetString(uint32_t row) const override;

   private:
    const IndexedValue* Indexed(uint32_t row) const;
    StringId Text(const StatInfo& info, StringPool* pool) const;

    const StatsTable* table_;
    Kind kind_;
    std::vector<StringId> single_, indexed_;
  };
  int64_t* Slot(IndexedStat s, int64_t idx, uint32_t machine);

  StringPool* pool_;  // Before the columns, which intern their texts.
  std::array<int64_t, static_cast<size_t>(Stat::kCount)> values_{};
  // Sorted by (stat, machine, idx): the order of their rows.
  std::vector<IndexedValue> indexed_;

  StatColumn name_column_{this, StatColumn::kName, "name", ColumnType::kString};
  StatColumn idx_column_{this, StatColumn::kIdx, "idx", ColumnType::kInt64};
  StatColumn severity_column_{this, StatColumn::kSeverity, "severity", ColumnType::kString};
  StatColumn source_column_{this, StatColumn::kSource, "source", ColumnType::kString};
  StatColumn value_column_{this, StatColumn::kValue, "value", ColumnType::kInt64};
  StatColumn description_column_{this, StatColumn::kDescription, "description",
                                 ColumnType::kString};
  StatColumn machine_id_column_{this, StatColumn::kMachineId, "machine_id", ColumnType::kInt64};
  StatColumn trace_id_column_{this, StatColumn::kTraceId, "trace_id", ColumnType::kInt64};
};

class MetadataTable final : public StoredTable {
 public:
  static constexpr uint32_t kNone = Uint32Column::kNull;
  MetadataTable() : StoredTable("metadata") {}
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

  IdColumn id{this, "id"};
  StringColumn name{this, "name"};
  StringColumn key_type{this, "key_type"};
  Int64Column int_value{this, "int_value"};
  StringColumn str_value{this, "str_value"};
  Uint32Column machine_id{this, "machine_id"};
  Uint32Column trace_id{this, "trace_id"};

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
  ClockSnapshotTable() : StoredTable("clock_snapshot") {}
  uint32_t Insert(int64_t t, int64_t clock, StringId name, int64_t value, uint32_t snapshot) {
    ts.Append(t);
    clock_id.Append(clock);
    clock_name.Append(name);
    clock_value.Append(value);
    snapshot_id.Append(snapshot);
    machine_id.Append(Uint32Column::kNull);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  Int64Column clock_id{this, "clock_id"};
  StringColumn clock_name{this, "clock_name"};
  Int64Column clock_value{this, "clock_value"};
  Uint32Column snapshot_id{this, "snapshot_id"};
  Uint32Column machine_id{this, "machine_id"};
};

class ImportLogsTable final : public StoredTable {
 public:
  ImportLogsTable() : StoredTable("_trace_import_logs") {}
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

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  StringColumn severity{this, "severity"};
  StringColumn name{this, "name"};
  Int64Column byte_offset{this, "byte_offset"};
  Uint32Column arg_set_id{this, "arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_MISC_TABLES_H_
