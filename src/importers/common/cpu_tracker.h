// CpuTracker: rows of the `cpu` table. As in Perfetto, a cpu's ucpu (its
// cpu table id) is machine * 4096 + cpu, where machine is the machine
// table row of the packets being parsed (0 for traces without machines),
// so ucpu = cpu on a single machine whatever order cpus appear in. Rows
// are in order of appearance. A cpu number of 4096 or more (a damaged
// trace) gets a ucpu from 2^31 up, in order of appearance. A remote
// machine's cpus have its machine_id; the host's have none (as its
// threads and tracks).
#ifndef SRC_IMPORTERS_COMMON_CPU_TRACKER_H_
#define SRC_IMPORTERS_COMMON_CPU_TRACKER_H_

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

class CpuTracker {
 public:
  static constexpr uint32_t kMaxCpusPerMachine = 4096;
  static constexpr uint32_t kNoMachine = Uint32Column::kNull;

  explicit CpuTracker(TraceStorage* storage) : storage_(storage) {}

  // The machine whose cpus the next calls mean: its machine table row
  // (kNoMachine: none) and whether it is a remote machine.
  void SetMachine(uint32_t machine_row, bool remote) {
    machine_row_ = machine_row;
    remote_ = remote;
  }
  // The ucpu of |cpu| of the current machine, its row created if new.
  // Known ucpus below kKnownLimit are answered from a flag per ucpu: the
  // scheduling importers ask a few times per kernel event, and the hash
  // lookup was ~2% of a protobuf ftrace load.
  uint32_t GetOrCreate(uint32_t cpu) {
    uint64_t dense = uint64_t{machine()} * kMaxCpusPerMachine + cpu;
    if (cpu < kMaxCpusPerMachine && dense < known_.size() && known_[dense]) {
      return static_cast<uint32_t>(dense);
    }
    return Create(cpu);
  }
  // The cpu table row of |ucpu| (one GetOrCreate() returned).
  uint32_t RowOf(uint32_t ucpu) const { return rows_.at(ucpu); }

 private:
  static constexpr uint32_t kKnownLimit = 1u << 16;
  uint32_t machine() const { return machine_row_ == kNoMachine ? 0 : machine_row_; }
  // GetOrCreate() for a ucpu not yet flagged in known_.
  uint32_t Create(uint32_t cpu);

  TraceStorage* storage_;
  uint32_t machine_row_ = kNoMachine;
  bool remote_ = false;
  std::unordered_map<uint32_t, uint32_t> rows_;          // ucpu -> row
  std::unordered_map<uint64_t, uint32_t> sparse_ucpus_;  // (machine << 32) | cpu -> ucpu
  std::vector<uint8_t> known_;  // By ucpu (< kKnownLimit): 1 when rows_ has it.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_CPU_TRACKER_H_
