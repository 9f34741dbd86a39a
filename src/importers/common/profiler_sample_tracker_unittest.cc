#include "src/importers/common/profiler_sample_tracker.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

TEST(ProfilerSampleTrackerTest, EqualContextsShareARow) {
  TraceStorage storage;
  ProfilerSampleTracker tracker(&storage);
  ProfilerTaskContextTable::Row task;
  task.upid = 1;
  task.utid = 2;
  uint32_t a = tracker.InternTaskContext(task);
  EXPECT_EQ(tracker.InternTaskContext(task), a);
  task.async_context_id = 0;
  EXPECT_NE(tracker.InternTaskContext(task), a);
  StringId user = storage.Intern("user");
  uint32_t e = tracker.InternExecutionContext(3, user);
  EXPECT_EQ(tracker.InternExecutionContext(3, user), e);
  EXPECT_NE(tracker.InternExecutionContext(kNull, user), e);
  EXPECT_EQ(storage.profiler_task_context.row_count(), 2u);
  EXPECT_EQ(storage.profiler_execution_context.row_count(), 2u);
}

TEST(ProfilerSampleTrackerTest, CounterSetsGroupASamplesCounters) {
  TraceStorage storage;
  ProfilerSampleTracker tracker(&storage);
  EXPECT_EQ(tracker.AddCounterSet({}), kNull);
  EXPECT_EQ(tracker.AddCounterSet({7, 8}), 0u);
  EXPECT_EQ(tracker.AddCounterSet({9}), 1u);
  const ProfilerCounterSetTable& sets = storage.profiler_counter_set;
  ASSERT_EQ(sets.row_count(), 3u);
  EXPECT_EQ(sets.counter_set_id[1], 0u);
  EXPECT_EQ(sets.counter_id[1], 8u);
  EXPECT_EQ(sets.counter_set_id[2], 1u);
}

TEST(ProfilerSampleTrackerTest, CounterTracksAreKeyedByTypeAndDimensions) {
  TraceStorage storage;
  ProfilerSampleTracker tracker(&storage);
  StringId type = storage.Intern("perf_cpu_counter"), cpu = storage.Intern("cpu");
  StringId name = storage.Intern("cycles");
  uint32_t a = tracker.CounterTrack(type, {{cpu, false, 0}}, name, kNullStringId, true);
  EXPECT_EQ(tracker.CounterTrack(type, {{cpu, false, 0}}, name, kNullStringId, true), a);
  uint32_t b = tracker.CounterTrack(type, {{cpu, false, 1}}, name, kNullStringId, false);
  EXPECT_NE(b, a);
  EXPECT_EQ(storage.track.row_count(), 2u);
  EXPECT_EQ(storage.track.type[b], type);
  EXPECT_NE(storage.track.source_arg_set_id[b], kNull);
}

TEST(ProfilerSampleTrackerTest, TheFirstTimebaseUnitStays) {
  TraceStorage storage;
  ProfilerSampleTracker tracker(&storage);
  uint32_t session = tracker.NewSession(storage.Intern("linux.perf"));
  tracker.SetTimebaseUnit(session, kNullStringId);
  tracker.SetTimebaseUnit(session, storage.Intern("ns"));
  tracker.SetTimebaseUnit(session, storage.Intern("count"));
  EXPECT_EQ(storage.pool().Get(storage.profiler_session.timebase_unit[session]), "ns");
}

}  // namespace
}  // namespace weft
