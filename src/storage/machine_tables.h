// Tables about the machines and the time span of the trace: `machine` (one
// row per machine that wrote packets, in order of appearance; the host has
// raw_id 0; the facts come from SystemInfo packets) and `trace_bounds` (one row: the
// first and last event timestamps, computed at Finalize()).
#ifndef SRC_STORAGE_MACHINE_TABLES_H_
#define SRC_STORAGE_MACHINE_TABLES_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <utility>

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class MachineTable final : public StoredTable {
 public:
  MachineTable() : StoredTable("machine") {}
  // A machine with no facts yet; its id is its row.
  uint32_t Insert(int64_t raw) {
    raw_id.Append(raw);
    for (StringColumn* c : {&name, &sysname, &release, &version, &arch,
                            &android_build_fingerprint, &android_device_manufacturer}) {
      c->Append(kNullStringId);
    }
    for (Int64Column* c : {&num_cpus, &android_sdk_version, &system_ram_bytes, &system_ram_gb}) {
      c->AppendNull();
    }
    label_index.Append(rows_);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column raw_id{this, "raw_id"};
  StringColumn name{this, "name"};
  StringColumn sysname{this, "sysname"};
  StringColumn release{this, "release"};
  StringColumn version{this, "version"};
  StringColumn arch{this, "arch"};
  Int64Column num_cpus{this, "num_cpus"};
  StringColumn android_build_fingerprint{this, "android_build_fingerprint"};
  StringColumn android_device_manufacturer{this, "android_device_manufacturer"};
  Int64Column android_sdk_version{this, "android_sdk_version"};
  Int64Column system_ram_bytes{this, "system_ram_bytes"};
  Int64Column system_ram_gb{this, "system_ram_gb"};
  Uint32Column label_index{this, "label_index"};
};

// One row, computed on first read after each Finalize() (a scan of the
// event tables that loads which never ask for it should not pay).
class TraceBoundsTable final : public Table {
 public:
  using Compute = std::function<void(int64_t* start, int64_t* end)>;
  explicit TraceBoundsTable(Compute compute)
      : Table("trace_bounds"), compute_(std::move(compute)) {}
  uint32_t row_count() const override { return 1; }
  void Invalidate() { valid_ = false; }

 private:
  class BoundColumn final : public Column {
   public:
    BoundColumn(TraceBoundsTable* t, bool end)
        : Column(t, end ? "end_ts" : "start_ts", ColumnType::kInt64, kNoFlags), t_(t), end_(end) {}
    bool IsNull(uint32_t) const override { return false; }
    int64_t GetInt(uint32_t) const override {
      if (!t_->valid_) {
        t_->compute_(&t_->start_, &t_->end_);
        t_->valid_ = true;
      }
      return end_ ? t_->end_ : t_->start_;
    }

   private:
    const TraceBoundsTable* t_;
    bool end_;
  };

  Compute compute_;
  mutable bool valid_ = false;
  mutable int64_t start_ = 0, end_ = 0;
  BoundColumn start_ts_{this, false};
  BoundColumn end_ts_{this, true};
};

}  // namespace weft

#endif  // SRC_STORAGE_MACHINE_TABLES_H_
