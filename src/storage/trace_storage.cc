// TraceStorage finalization: checks which columns ended up sorted so the
// SQL layer can binary search them.
#include "src/storage/trace_storage.h"

namespace weft {
namespace {

template <typename Vec>
bool IsNonDecreasing(const Vec& v) {
  for (size_t i = 1; i < v.size(); ++i) {
    if (v[i] < v[i - 1]) return false;
  }
  return true;
}

}  // namespace

TraceStorage::TraceStorage() = default;

void TraceStorage::Finalize() {
  args.Finalize();
  slice.ts.set_sorted(IsNonDecreasing(slice.ts.data()));
  counter.ts.set_sorted(IsNonDecreasing(counter.ts.data()));
  track_views.Refresh();
}

std::vector<const Table*> TraceStorage::AllTables() const {
  std::vector<const Table*> tables = {
      &slice, &flow,  &track,  &counter,     &thread,       &process, &args,
      &stats, &metadata, &import_logs, &clock_snapshot, &sched, &thread_state, &cpu,
      &track_group, &track_group_member, &slice_layout, &state,
      &stack_profile_mapping, &stack_profile_frame, &stack_profile_callsite,
      &stack_profile_symbol, &track_event_callstacks};
  for (const Table* t : track_views.tables()) tables.push_back(t);
  return tables;
}

size_t TraceStorage::MemoryUsage() const {
  return pool_.MemoryUsage() + args.MemoryUsage();
}

}  // namespace weft
