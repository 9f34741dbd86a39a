// PerfSampleParser: traced_perf's PerfSample packets. Each sequence is one
// perf session (__intrinsic_profiler_session, source "linux.perf"); each
// sample becomes a profiler_sample row (the perf_sample view) on its
// thread, with its timebase and follower counts as counter rows on
// per-(session, cpu) perf counter tracks named after
// TracePacketDefaults.perf_sample_defaults, and its callstack_iid resolved
// like TrackEvent callstacks. Data loss notices and skipped samples are
// counted in stats.
#ifndef SRC_IMPORTERS_PROTO_PROFILING_PERF_SAMPLE_PARSER_H_
#define SRC_IMPORTERS_PROTO_PROFILING_PERF_SAMPLE_PARSER_H_

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/profiler_sample_tracker.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/importers/proto/track_event/track_event_callstacks.h"

namespace weft {

class PerfSampleParser {
 public:
  PerfSampleParser(TraceContext* context, TrackEventCallstacks* callstacks,
                   ProfilerSampleTracker* samples);
  // One PerfSample of generation |generation| (|gen|) at |ts|.
  void Parse(int64_t ts, uint32_t generation, const SequenceGeneration& gen,
             protozero::data_view sample);

 private:
  struct CpuTracks {
    uint32_t timebase;
    std::vector<uint32_t> followers;
  };
  struct Session {
    uint32_t id;
    std::map<uint32_t, CpuTracks> cpus;
  };
  Session& SessionOf(const SequenceGeneration& gen);
  // The counter tracks of |cpu| in |session|, made from the defaults of
  // |gen| on first use.
  const CpuTracks& TracksOf(Session* session, uint32_t cpu, const SequenceGeneration& gen);
  uint32_t Track(const Session& session, uint32_t cpu, StringId name, bool is_timebase);

  TraceContext* ctx_;
  TrackEventCallstacks* callstacks_;
  ProfilerSampleTracker* samples_;
  StringId source_, type_, key_cpu_, key_session_, key_name_;
  std::unordered_map<uint32_t, Session> sessions_;  // By sequence id.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROFILING_PERF_SAMPLE_PARSER_H_
