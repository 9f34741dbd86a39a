// `cpu_available_frequencies`: the frequencies each CPU can run at (from
// CpuInfo packets), one row per (cpu, frequency), as in Perfetto.
#ifndef SRC_STORAGE_CPU_INFO_TABLES_H_
#define SRC_STORAGE_CPU_INFO_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class CpuAvailableFrequenciesTable final : public StoredTable {
 public:
  CpuAvailableFrequenciesTable() : StoredTable("cpu_available_frequencies") {}
  uint32_t Insert(uint32_t cpu_value, int64_t freq_khz, uint32_t ucpu_value) {
    cpu.Append(cpu_value);
    freq.Append(freq_khz);
    ucpu.Append(ucpu_value);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column cpu{this, "cpu"};
  Int64Column freq{this, "freq"};  // kHz.
  Uint32Column ucpu{this, "ucpu"};
};

}  // namespace weft

#endif  // SRC_STORAGE_CPU_INFO_TABLES_H_
