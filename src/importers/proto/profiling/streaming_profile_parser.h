// StreamingProfileParser: the samples the tokenizer queued from
// StreamingProfilePackets (Chrome's callstack sampling), in time order. A
// sample becomes a cpu_profile_stack_sample row on its sequence's thread
// (ThreadDescriptor), its callstack_iid resolved through the sequence's
// interned callstacks into stack_profile_* rows as TrackEvent callstacks are.
#ifndef SRC_IMPORTERS_PROTO_PROFILING_STREAMING_PROFILE_PARSER_H_
#define SRC_IMPORTERS_PROTO_PROFILING_STREAMING_PROFILE_PARSER_H_

#include <cstdint>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/importers/proto/track_event/track_event_callstacks.h"

namespace weft {

class StreamingProfileParser {
 public:
  StreamingProfileParser(TraceContext* context, TrackEventCallstacks* callstacks)
      : ctx_(context), callstacks_(callstacks) {}
  // One queued sample of generation |generation| (|gen|) at |ts|.
  void Parse(int64_t ts, uint32_t generation, const SequenceGeneration& gen,
             protozero::data_view sample);

 private:
  TraceContext* ctx_;
  TrackEventCallstacks* callstacks_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROFILING_STREAMING_PROFILE_PARSER_H_
