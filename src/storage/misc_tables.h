// Small tables about the trace itself: `stats` (counters of notable events
// during import), `metadata` (trace-level key/values),
// `_trace_import_logs` (one row per import problem worth explaining, with
// details in args) and `clock_snapshot` (the readings of every valid
// ClockSnapshot, at its time in the trace clock).
#ifndef SRC_STORAGE_MISC_TABLES_H_
#define SRC_STORAGE_MISC_TABLES_H_

#include <array>
#include <memory>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/stats.h"
#include "src/storage/table.h"

namespace weft {

class StatsTable final : public Table {
 public:
  explicit StatsTable(StringPool* pool);
  uint32_t row_count() const override {
    return static_cast<uint32_t>(Stat::kCount);
  }
  void Increment(Stat s, int64_t by = 1) { values_[static_cast<size_t>(s)] += by; }
  void Set(Stat s, int64_t v) { values_[static_cast<size_t>(s)] = v; }
  int64_t Get(Stat s) const { return values_[static_cast<size_t>(s)]; }

 private:
  class StatColumn;
  std::array<int64_t, static_cast<size_t>(Stat::kCount)> values_{};
  std::vector<std::unique_ptr<Column>> columns_owned_;
};

class MetadataTable final : public StoredTable {
 public:
  MetadataTable() : StoredTable("metadata") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &name, &key_type, &int_value, &str_value}) {
      AddColumn(c);
    }
  }
  uint32_t InsertInt(StringId n, StringId single, int64_t v) {
    name.Append(n);
    key_type.Append(single);
    int_value.Append(v);
    str_value.Append(kNullStringId);
    return NextRow();
  }
  uint32_t InsertString(StringId n, StringId single, StringId v) {
    name.Append(n);
    key_type.Append(single);
    int_value.AppendNull();
    str_value.Append(v);
    return NextRow();
  }

  IdColumn id{"id"};
  StringColumn name{"name"};
  StringColumn key_type{"key_type"};
  Int64Column int_value{"int_value"};
  StringColumn str_value{"str_value"};
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

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  StringColumn severity{"severity"};
  StringColumn name{"name"};
  Int64Column byte_offset{"byte_offset"};
  Uint32Column arg_set_id{"arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_MISC_TABLES_H_
