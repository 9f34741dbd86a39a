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
#include "src/importers/common/cpu_tracker.h"
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
      : storage(s), processes(s), tracks(s), slices(s), flows(s), stack_profiles(s), cpu_profiles(s), cpus(s) {}

  // The ucpu of |cpu| of the machine being parsed (cpu_tracker.h).
  uint32_t GetOrCreateCpu(uint32_t cpu) { return cpus.GetOrCreate(cpu); }

  TraceStorage* storage;
  TraceConfig config;
  ProcessTracker processes;
  TrackTracker tracks;
  SliceTracker slices;
  FlowTracker flows;
  StackProfileTracker stack_profiles;
  // V8 CPU profiles, turned into rows (and kept) at the end of the load.
  CpuProfileTracker cpu_profiles;
  CpuTracker cpus;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TRACE_CONTEXT_H_
