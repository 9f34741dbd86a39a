// TraceStorage finalization: checks which columns ended up sorted so the
// SQL layer can binary search them.
#include "src/storage/trace_storage.h"

#include <algorithm>
#include <limits>

#include "src/base/loop_blocks.h"
#include "src/base/numeric.h"

namespace weft {
namespace {

template <typename Vec>
bool IsNonDecreasing(const Vec& v) {
  bool sorted = true;
  ForEachInBlocks(1, v.size(), [&](size_t i) { sorted &= !(v[i] < v[i - 1]); });
  return sorted;
}

// Widens [*start, *end] by the rows' ts (and ts + dur when dur > 0; an
// unfinished slice, dur -1, counts by its start only).
template <typename DurColumn = Int64Column, typename TsColumn = Int64Column>
void WidenBounds(const TsColumn& ts, const DurColumn* dur, int64_t* start, int64_t* end) {
  for (uint32_t r = 0; r < ts.size(); ++r) {
    int64_t last = SaturatingAdd(ts[r], dur && (*dur)[r] > 0 ? (*dur)[r] : 0);
    *start = std::min(*start, ts[r]);
    *end = std::max(*end, last);
  }
}

// The same for columns read a piece at a time (Column::ReadInt64s), as
// thread_state's, whose Running rows are a lookup each.
void WidenBoundsByPieces(const Column& ts, const Column& dur, uint32_t rows, int64_t* start,
                         int64_t* end) {
  constexpr uint32_t kPiece = 1024;
  int64_t t[kPiece], d[kPiece];
  for (uint32_t first = 0; first < rows; first += kPiece) {
    uint32_t n = std::min(kPiece, rows - first);
    ts.ReadInt64s(first, n, t);
    dur.ReadInt64s(first, n, d);
    for (uint32_t i = 0; i < n; ++i) {
      *start = std::min(*start, t[i]);
      *end = std::max(*end, SaturatingAdd(t[i], d[i] > 0 ? d[i] : 0));
    }
  }
}

}  // namespace

TraceStorage::TraceStorage() = default;

void TraceStorage::ComputeTraceBounds(int64_t* start, int64_t* end) const {
  *start = std::numeric_limits<int64_t>::max();
  *end = std::numeric_limits<int64_t>::min();
  WidenBounds(slice.ts, &slice.dur, start, end);
  WidenBounds<Int64Column>(counter.ts, nullptr, start, end);
  WidenBounds(sched.ts, &sched.dur, start, end);
  WidenBoundsByPieces(thread_state.ts, thread_state.dur, thread_state.row_count(), start, end);
  WidenBounds(state.ts, &state.dur, start, end);
  WidenBounds<Int64Column>(cpu_profile_stack_sample.ts, nullptr, start, end);
  WidenBounds<Int64Column>(profiler_sample.ts, nullptr, start, end);
  WidenBounds<Int64Column>(android_logs.ts, nullptr, start, end);
  *start = std::min(*start, raw_event_start_);
  *end = std::max(*end, raw_event_end_);
  if (*start > *end) *start = *end = 0;  // No events: Perfetto's (0, 0).
}

void TraceStorage::Finalize() {
  args.Finalize();
  PrepareForQueryDuringLoad();
}

void TraceStorage::PrepareForQueryDuringLoad() {
  slice.ts.set_sorted(slice.ts.IsNonDecreasing());
  counter.ts.set_sorted(IsNonDecreasing(counter.ts.data()));
  // Sorted, ts ranges on sched / thread_state are binary searches (the
  // viewer's CPU and thread-state windows) instead of full scans.
  sched.ts.set_sorted(sched.ts.IsNonDecreasing());
  thread_state.ts.set_sorted(thread_state.ts.IsNonDecreasing());
  cpu_profile_stack_sample.ts.set_sorted(cpu_profile_stack_sample.ts.IsNonDecreasing());
  track_views.Refresh();
  trace_bounds.Invalidate();
}

std::vector<const Table*> TraceStorage::AllTables() const {
  std::vector<const Table*> tables = {
      &slice, &flow,  &track,  &counter,     &thread,       &process, &args,
      &stats, &metadata, &import_logs, &clock_snapshot, &sched, &thread_state, &cpu,
      &track_group, &track_group_member, &slice_layout, &state,
      &stack_profile_mapping, &stack_profile_frame, &stack_profile_callsite,
      &stack_profile_symbol, &track_event_callstacks, &machine, &trace_bounds,
      &trace_diagnostics, &cpu_profile_stack_sample, &heap_profile_allocation,
      &android_logs, &fuchsia_blob, &fuchsia_userspace_object, &fuchsia_category, &ftrace_event,
      &annotation_rows, &profiler_session, &profiler_async_context, &profiler_task_context,
      &profiler_execution_context, &profiler_counter_set, &profiler_sample, &android_track_event_process};
  tables.push_back(&expected_frame_timeline_slice);
  tables.push_back(&actual_frame_timeline_slice);
  tables.push_back(&cpu_available_frequencies);
  for (const Table* t : track_views.tables()) tables.push_back(t);
  return tables;
}

std::vector<TraceStorage::MemoryPart> TraceStorage::MemoryByPart() const {
  std::vector<MemoryPart> parts;
  auto add = [&parts](std::string name, size_t bytes) {
    if (bytes) parts.push_back({std::move(name), bytes});
  };
  add("strings", pool_.MemoryUsage());
  add("args", args.MemoryUsage());  // With its values, which are no column.
  for (const Table* table : AllTables()) {
    if (table != &args) add(table->name(), table->MemoryUsage());
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const MemoryPart& a, const MemoryPart& b) { return a.bytes > b.bytes; });
  return parts;
}

std::vector<TraceStorage::MemoryPart> TraceStorage::MemoryByColumn() const {
  std::vector<MemoryPart> parts;
  for (const Table* table : AllTables()) {
    for (const Column* column : table->columns()) {
      size_t bytes = column->MemoryUsage();
      if (bytes) parts.push_back({table->name() + "." + column->name(), bytes});
    }
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const MemoryPart& a, const MemoryPart& b) { return a.bytes > b.bytes; });
  return parts;
}

size_t TraceStorage::MemoryUsage() const {
  size_t bytes = 0;
  for (const MemoryPart& part : MemoryByPart()) bytes += part.bytes;
  return bytes;
}

}  // namespace weft
