// ProfilerSampleTracker: deduplicated contexts, counter sets and tracks.
#include "src/importers/common/profiler_sample_tracker.h"

namespace weft {

ProfilerSampleTracker::ProfilerSampleTracker(TraceStorage* storage)
    : storage_(storage),
      key_is_timebase_(storage->Intern("is_timebase")),
      counter_(storage->Intern("counter")) {}

void ProfilerSampleTracker::SetTimebaseUnit(uint32_t session, StringId unit) {
  StringColumn& column = storage_->profiler_session.timebase_unit;
  if (unit != kNullStringId && column[session] == kNullStringId) column.Set(session, unit);
}

uint32_t ProfilerSampleTracker::InternTaskContext(const ProfilerTaskContextTable::Row& row) {
  auto [it, inserted] =
      task_contexts_.try_emplace(std::make_tuple(row.upid, row.utid, row.async_context_id), 0);
  if (inserted) it->second = storage_->profiler_task_context.Insert(row);
  return it->second;
}

uint32_t ProfilerSampleTracker::InternExecutionContext(uint32_t ucpu, StringId mode) {
  auto [it, inserted] = execution_contexts_.try_emplace({ucpu, mode}, 0);
  if (inserted) it->second = storage_->profiler_execution_context.Insert(ucpu, mode);
  return it->second;
}

uint32_t ProfilerSampleTracker::AddCounterSet(const std::vector<uint32_t>& counters) {
  if (counters.empty()) return Uint32Column::kNull;
  uint32_t set = next_counter_set_++;
  for (uint32_t counter : counters) storage_->profiler_counter_set.Insert(set, counter);
  return set;
}

uint32_t ProfilerSampleTracker::CounterTrack(StringId type, const std::vector<Dimension>& dimensions,
                                             StringId name, StringId unit, bool is_timebase) {
  std::vector<int64_t> key;
  for (const Dimension& d : dimensions) {
    key.push_back(d.key);
    key.push_back(d.value);
  }
  auto [it, inserted] = counter_tracks_.try_emplace({type, key}, 0);
  if (!inserted) return it->second;
  TrackTable::Row row;
  row.name = name;
  row.type = type;
  row.event_type = TrackEventType::kCounter;
  row.unit = unit;
  ArgsTable& args = storage_->args;
  uint32_t dims = args.BeginSet();
  for (const Dimension& d : dimensions) {
    if (d.is_string) {
      args.AddString(dims, d.key, d.key, static_cast<StringId>(d.value));
    } else {
      args.AddInt(dims, d.key, d.key, d.value);
    }
  }
  row.dimension_arg_set_id = args.FinishSet();
  uint32_t track = storage_->track.Insert(row, counter_);
  uint32_t source = args.BeginSet();
  args.AddBool(source, key_is_timebase_, key_is_timebase_, is_timebase);
  storage_->track.source_arg_set_id.Set(track, args.FinishSet());
  it->second = track;
  return track;
}

}  // namespace weft
