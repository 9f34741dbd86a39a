// StackSampleParser: the StackSample packet (any profiler's callstack
// samples: "python.wall", ...). Each sequence is one profiler session whose
// source comes from TracePacketDefaults.stack_sample_defaults; each sample
// becomes a profiler_sample row (the stack_sample view) with its task
// context (process, thread, async context), execution context (cpu, mode),
// callstack (interned callstack_iid or inline frames) and its primary and
// follower weights as counter rows on per-(session, counter) tracks.
// Contexts and descriptors come inline, interned, or (descriptors) from the
// defaults.
#ifndef SRC_IMPORTERS_PROTO_PROFILING_STACK_SAMPLE_PARSER_H_
#define SRC_IMPORTERS_PROTO_PROFILING_STACK_SAMPLE_PARSER_H_

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/profiler_sample_tracker.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/importers/proto/track_event/track_event_callstacks.h"

namespace weft {

class StackSampleParser {
 public:
  StackSampleParser(TraceContext* context, TrackEventCallstacks* callstacks,
                    ProfilerSampleTracker* samples);
  // One StackSample of generation |generation| (|gen|) at |ts|.
  void Parse(int64_t ts, uint32_t generation, const SequenceGeneration& gen,
             protozero::data_view sample);

 private:
  struct Session {
    uint32_t id;
    StringId source;
  };
  // A context or descriptor given inline (|bytes|) or as an iid of |map|;
  // false (stat counted for an unknown iid) if neither.
  bool Lookup(bool has_inline, protozero::data_view inline_bytes, uint64_t iid,
              const IidMap<std::string>* map, protozero::data_view* out);
  uint32_t TaskContext(protozero::data_view bytes, uint32_t generation,
                       const SequenceGeneration& gen);
  uint32_t ExecutionContext(protozero::data_view bytes);
  // The async context row of descriptor |iid| (its parents first).
  uint32_t AsyncContext(uint64_t iid, uint32_t generation, const SequenceGeneration& gen,
                        int depth = 0);
  // The counter track of a CounterDescriptor in |session|.
  uint32_t CounterTrack(const Session& session, protozero::data_view descriptor, bool is_timebase);

  TraceContext* ctx_;
  TrackEventCallstacks* callstacks_;
  ProfilerSampleTracker* samples_;
  StringId type_, key_session_, key_source_, key_name_, inline_mapping_;
  std::unordered_map<uint32_t, Session> sessions_;  // By sequence id.
  std::map<std::pair<uint32_t, uint64_t>, uint32_t> async_contexts_;  // By (generation, iid).
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROFILING_STACK_SAMPLE_PARSER_H_
