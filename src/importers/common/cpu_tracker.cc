// CpuTracker: ucpu numbering and cpu table rows.
#include "src/importers/common/cpu_tracker.h"

namespace weft {

uint32_t CpuTracker::Create(uint32_t cpu) {
  uint64_t machine = this->machine();
  uint64_t dense = machine * kMaxCpusPerMachine + cpu;
  uint32_t ucpu;
  if (cpu < kMaxCpusPerMachine && dense < (uint64_t{1} << 31)) {
    ucpu = static_cast<uint32_t>(dense);
  } else {
    auto [it, inserted] = sparse_ucpus_.emplace(machine << 32 | cpu, 0);
    if (inserted) it->second = static_cast<uint32_t>((uint64_t{1} << 31) + sparse_ucpus_.size() - 1);
    ucpu = it->second;
  }
  // try_emplace: emplace would allocate a node per call, found or not
  // (scheduling importers ask once or twice per context switch).
  auto [it, inserted] = rows_.try_emplace(ucpu, 0);
  if (inserted) {
    it->second = storage_->cpu.Insert(ucpu, cpu);
    if (remote_) storage_->cpu.machine_id.Set(it->second, machine_row_);
  }
  if (ucpu < kKnownLimit) {
    if (ucpu >= known_.size()) known_.resize(ucpu + 1, 0);
    known_[ucpu] = 1;
  }
  return ucpu;
}

}  // namespace weft
