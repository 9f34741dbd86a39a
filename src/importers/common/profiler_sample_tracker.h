// ProfilerSampleTracker: the one way rows get into the generic sampler
// tables (profiler_sample_tables.h). Task and execution contexts are
// deduplicated by content; a sample's counter values become one counter
// set; counter tracks of sampling profilers are keyed by their dimensions.
#ifndef SRC_IMPORTERS_COMMON_PROFILER_SAMPLE_TRACKER_H_
#define SRC_IMPORTERS_COMMON_PROFILER_SAMPLE_TRACKER_H_

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

class ProfilerSampleTracker {
 public:
  explicit ProfilerSampleTracker(TraceStorage* storage);

  uint32_t NewSession(StringId source) { return storage_->profiler_session.Insert(source); }
  // Sets the session's timebase unit unless it has one.
  void SetTimebaseUnit(uint32_t session, StringId unit);
  uint32_t InternTaskContext(const ProfilerTaskContextTable::Row& row);
  // kNull for |ucpu| / kNullStringId for |mode|: unknown.
  uint32_t InternExecutionContext(uint32_t ucpu, StringId mode);
  // A new counter set of |counters| (counter table rows); kNull if empty.
  uint32_t AddCounterSet(const std::vector<uint32_t>& counters);
  uint32_t AddSample(const ProfilerSampleTable::Row& row) {
    return storage_->profiler_sample.Insert(row);
  }

  // A dimension of a counter track: an int or a string arg.
  struct Dimension {
    StringId key;
    bool is_string;
    int64_t value;  // A StringId when |is_string|.
  };
  // The counter track of |type| with |dimensions| (created named |name|,
  // in |unit|, with the source arg is_timebase on first use).
  uint32_t CounterTrack(StringId type, const std::vector<Dimension>& dimensions, StringId name,
                        StringId unit, bool is_timebase);

 private:
  TraceStorage* storage_;
  StringId key_is_timebase_, counter_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> task_contexts_;
  std::map<std::pair<uint32_t, StringId>, uint32_t> execution_contexts_;
  std::map<std::pair<StringId, std::vector<int64_t>>, uint32_t> counter_tracks_;
  uint32_t next_counter_set_ = 0;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_PROFILER_SAMPLE_TRACKER_H_
