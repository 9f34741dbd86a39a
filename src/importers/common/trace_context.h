// TraceContext: one load's storage and options, plus the trackers that turn
// events into rows (threads, tracks, open slices, flows, callstacks). A load
// has one importer (its format is sniffed once); the trackers live here, not
// in it, so that the format's parsers (e.g. protobuf's TrackEvent, ftrace
// and process-tree parsers) share one view of threads, tracks and slices.
#ifndef SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_
#define SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_

#include <unordered_map>
#include <vector>

#include "src/importers/common/cpu_profile_tracker.h"
#include "src/importers/common/flow_tracker.h"
#include "src/importers/common/process_tracker.h"
#include "src/importers/common/slice_tracker.h"
#include "src/importers/common/stack_profile_tracker.h"
#include "src/importers/common/track_tracker.h"
#include "src/storage/trace_storage.h"
#include "src/trace/trace_config.h"

namespace weft {

struct TraceContext {
  explicit TraceContext(TraceStorage* s)
      : storage(s), processes(s), tracks(s), slices(s), flows(s), stack_profiles(s), cpu_profiles(s) {}

  // The ucpu row for |cpu|, created if new. CPU numbers come from the
  // trace: a damaged one can be any uint32, so only small ones index a
  // vector.
  uint32_t GetOrCreateCpu(uint32_t cpu) {
    constexpr uint32_t kDenseCpus = 4096;
    if (cpu >= kDenseCpus) {
      auto [it, inserted] = ucpu_by_sparse_cpu.emplace(cpu, 0);
      if (inserted) it->second = storage->cpu.Insert(cpu);
      return it->second;
    }
    if (cpu >= ucpu_by_cpu.size()) ucpu_by_cpu.resize(cpu + 1, Uint32Column::kNull);
    if (ucpu_by_cpu[cpu] == Uint32Column::kNull) ucpu_by_cpu[cpu] = storage->cpu.Insert(cpu);
    return ucpu_by_cpu[cpu];
  }
  // The ucpu row for |cpu| of a remote machine (machine table row
  // |machine|): its own row, with that machine_id.
  uint32_t GetOrCreateRemoteCpu(uint32_t machine, uint32_t cpu) {
    auto [it, inserted] = ucpu_by_remote_cpu.emplace((uint64_t{machine} << 32) | cpu, 0);
    if (inserted) {
      it->second = storage->cpu.Insert(cpu);
      storage->cpu.machine_id.Set(it->second, machine);
    }
    return it->second;
  }

  TraceStorage* storage;
  TraceConfig config;
  ProcessTracker processes;
  TrackTracker tracks;
  SliceTracker slices;
  FlowTracker flows;
  StackProfileTracker stack_profiles;
  // V8 CPU profiles, turned into rows (and kept) at the end of the load.
  CpuProfileTracker cpu_profiles;
  std::vector<uint32_t> ucpu_by_cpu;
  std::unordered_map<uint32_t, uint32_t> ucpu_by_sparse_cpu;
  std::unordered_map<uint64_t, uint32_t> ucpu_by_remote_cpu;  // (machine << 32) | cpu.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_
