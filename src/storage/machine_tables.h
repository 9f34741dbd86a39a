// Tables about the machines and the time span of the trace: `machine` (one
// row per machine that wrote packets, in order of appearance; the host has
// raw_id 0; the facts come from SystemInfo packets) and `trace_bounds` (one row: the
// first and last event timestamps, computed at Finalize()).
#ifndef SRC_STORAGE_MACHINE_TABLES_H_
#define SRC_STORAGE_MACHINE_TABLES_H_

#include <initializer_list>

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class MachineTable final : public StoredTable {
 public:
  MachineTable() : StoredTable("machine") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &raw_id, &name, &sysname, &release, &version, &arch, &num_cpus,
             &android_build_fingerprint, &android_device_manufacturer, &android_sdk_version,
             &system_ram_bytes, &system_ram_gb, &label_index}) {
      AddColumn(c);
    }
  }
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

  IdColumn id{"id"};
  Int64Column raw_id{"raw_id"};
  StringColumn name{"name"};
  StringColumn sysname{"sysname"};
  StringColumn release{"release"};
  StringColumn version{"version"};
  StringColumn arch{"arch"};
  Int64Column num_cpus{"num_cpus"};
  StringColumn android_build_fingerprint{"android_build_fingerprint"};
  StringColumn android_device_manufacturer{"android_device_manufacturer"};
  Int64Column android_sdk_version{"android_sdk_version"};
  Int64Column system_ram_bytes{"system_ram_bytes"};
  Int64Column system_ram_gb{"system_ram_gb"};
  Uint32Column label_index{"label_index"};
};

class TraceBoundsTable final : public StoredTable {
 public:
  TraceBoundsTable() : StoredTable("trace_bounds") {
    AddColumn(&start_ts);
    AddColumn(&end_ts);
    start_ts.Append(0);
    end_ts.Append(0);
    NextRow();
  }
  Int64Column start_ts{"start_ts"};
  Int64Column end_ts{"end_ts"};
};

}  // namespace weft

#endif  // SRC_STORAGE_MACHINE_TABLES_H_
