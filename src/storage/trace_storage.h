// TraceStorage: everything one loaded trace owns — the string pool and every
// table. Importers append to it; the SQL layer reads it after Finalize().
// Reference: docs/tables.md
#ifndef SRC_STORAGE_TRACE_STORAGE_H_
#define SRC_STORAGE_TRACE_STORAGE_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "src/storage/annotation_tables.h"
#include "src/storage/args_table.h"
#include "src/storage/counter_tables.h"
#include "src/storage/cpu_info_tables.h"
#include "src/storage/diagnostics_tables.h"
#include "src/storage/frame_timeline_tables.h"
#include "src/storage/ftrace_event_table.h"
#include "src/storage/layout_tables.h"
#include "src/storage/fxt_tables.h"
#include "src/storage/android_tables.h"
#include "src/storage/log_tables.h"
#include "src/storage/machine_tables.h"
#include "src/storage/misc_tables.h"
#include "src/storage/process_tables.h"
#include "src/storage/profiler_sample_tables.h"
#include "src/storage/profiler_tables.h"
#include "src/storage/sched_tables.h"
#include "src/storage/slice_tables.h"
#include "src/storage/state_tables.h"
#include "src/storage/string_pool.h"
#include "src/storage/track_tables.h"

namespace weft {

class TraceStorage {
 public:
  TraceStorage();
  TraceStorage(const TraceStorage&) = delete;
  TraceStorage& operator=(const TraceStorage&) = delete;

  StringPool& pool() { return pool_; }
  const StringPool& pool() const { return pool_; }
  StringId Intern(std::string_view s) { return pool_.Intern(s); }

  // Restores invariants after import (arg grouping, sorted flags, child
  // track tables). Idempotent.
  void Finalize();
  // What a query in the middle of the load needs (sorted flags, child track
  // tables, bounds) without the final steps: args of released sets stay
  // until Finalize() compacts them.
  void PrepareForQueryDuringLoad();
  // The bounds of trace_bounds: the event tables' first ts and last end,
  // widened by the raw events noted below.
  void ComputeTraceBounds(int64_t* start, int64_t* end) const;
  // Kernel (ftrace) events count towards the bounds even when they make no
  // row (Perfetto keeps every one in its raw table).
  void NoteRawEventTime(int64_t ts) {
    raw_event_start_ = std::min(raw_event_start_, ts);
    raw_event_end_ = std::max(raw_event_end_, ts);
  }

  // Every table, root and child, for SQL registration.
  std::vector<const Table*> AllTables() const;

  // Bytes held for one part of the store: a table's cells, the string
  // pool or the args.
  struct MemoryPart {
    std::string name;
    size_t bytes;
  };
  // The parts that hold any memory, largest first (`weft --stats`).
  std::vector<MemoryPart> MemoryByPart() const;
  // The columns that hold any memory, as "table.column", largest first.
  std::vector<MemoryPart> MemoryByColumn() const;
  size_t MemoryUsage() const;

  // The pool comes first: tables intern names at construction.
  StringPool pool_;
  SliceTable slice;
  FlowTable flow;
  TrackTable track;
  CounterTable counter;
  ThreadTable thread;
  ProcessTable process;
  ArgsTable args{&pool_};
  StatsTable stats{&pool_};
  MetadataTable metadata;
  ImportLogsTable import_logs;
  TraceDiagnosticsTable trace_diagnostics;
  ClockSnapshotTable clock_snapshot;
  SchedTable sched;
  ThreadStateTable thread_state{&sched};
  CpuTable cpu;
  CpuAvailableFrequenciesTable cpu_available_frequencies;
  AndroidLogTable android_logs;
  AndroidTrackEventProcessTable android_track_event_process;
  FuchsiaBlobTable fuchsia_blob;
  FuchsiaUserspaceObjectTable fuchsia_userspace_object;
  FuchsiaCategoryTable fuchsia_category;
  FtraceEventTable ftrace_event;
  StateTable state;
  StackProfileMappingTable stack_profile_mapping;
  StackProfileFrameTable stack_profile_frame;
  StackProfileCallsiteTable stack_profile_callsite;
  StackProfileSymbolTable stack_profile_symbol;
  TrackEventCallstacksTable track_event_callstacks;
  CpuProfileStackSampleTable cpu_profile_stack_sample;
  HeapProfileAllocationTable heap_profile_allocation;
  // Samples of sampling profilers (perf, StackSample) and their contexts.
  ProfilerSessionTable profiler_session;
  ProfilerAsyncContextTable profiler_async_context;
  ProfilerTaskContextTable profiler_task_context;
  ProfilerExecutionContextTable profiler_execution_context;
  ProfilerCounterSetTable profiler_counter_set;
  ProfilerSampleTable profiler_sample;
  MachineTable machine;
  TraceBoundsTable trace_bounds{
      [this](int64_t* start, int64_t* end) { ComputeTraceBounds(start, end); }};
  TrackViews track_views{&track};
  // Track layout: hints recorded by importers, tables filled by
  // src/layout/ after Finalize().
  TrackLayoutHints track_layout_hints;
  TrackGroupTable track_group;
  TrackGroupMemberTable track_group_member;
  SliceLayoutTable slice_layout{&slice};
  // Android FrameTimeline frames (child tables of `slice`).
  FrameTimelineSliceTable expected_frame_timeline_slice{"expected_frame_timeline_slice", &slice};
  ActualFrameTimelineSliceTable actual_frame_timeline_slice{&slice};
  // Annotations added by analyses (src/analysis/), after the load.
  AnnotationTable annotation_rows;
  // FtraceStats said the ftrace buffer was kept from before the session
  // (preserve_ftrace_buffer): its events are not dropped as stale.
  bool ftrace_buffer_preserved = false;

 private:
  int64_t raw_event_start_ = INT64_MAX, raw_event_end_ = INT64_MIN;
};

}  // namespace weft

#endif  // SRC_STORAGE_TRACE_STORAGE_H_
