// TraceContext: the storage of one trace plus the trackers every importer
// shares, so formats mixed in one load (e.g. JSON with embedded systrace)
// agree on threads, tracks and open slices.
#ifndef SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_
#define SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_

#include <vector>

#include "src/importers/common/flow_tracker.h"
#include "src/importers/common/process_tracker.h"
#include "src/importers/common/slice_tracker.h"
#include "src/importers/common/stack_profile_tracker.h"
#include "src/importers/common/trace_config.h"
#include "src/importers/common/track_tracker.h"
#include "src/storage/trace_storage.h"

namespace weft {

struct TraceContext {
  explicit TraceContext(TraceStorage* s)
      : storage(s), processes(s), tracks(s), slices(s), flows(s), stack_profiles(s) {}

  // The ucpu row for |cpu|, created if new.
  uint32_t GetOrCreateCpu(uint32_t cpu) {
    if (cpu >= ucpu_by_cpu.size()) ucpu_by_cpu.resize(cpu + 1, Uint32Column::kNull);
    if (ucpu_by_cpu[cpu] == Uint32Column::kNull) ucpu_by_cpu[cpu] = storage->cpu.Insert(cpu);
    return ucpu_by_cpu[cpu];
  }

  TraceStorage* storage;
  TraceConfig config;
  ProcessTracker processes;
  TrackTracker tracks;
  SliceTracker slices;
  FlowTracker flows;
  StackProfileTracker stack_profiles;
  std::vector<uint32_t> ucpu_by_cpu;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_
