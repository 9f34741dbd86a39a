// Callstacks of TrackEvents: the profiling messages a sequence interns
// (InternedData function_names, build_ids, mapping_paths, mappings, frames,
// callstacks; read by the tokenizer) and their resolution into the
// stack_profile_* tables when an event refers to one (TrackEvent.callstack_iid)
// or carries one inline (TrackEvent.callstack). Events without a callstack
// never reach this file.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_CALLSTACKS_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_CALLSTACKS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/sequence/iid_map.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"

namespace weft {

struct InternedMapping {
  uint64_t build_id_iid = 0;
  uint64_t exact_offset = 0, start_offset = 0, start = 0, end = 0, load_bias = 0;
  std::vector<uint64_t> path_iids;
};

struct InternedFrame {
  uint64_t function_name_iid = 0, mapping_iid = 0, rel_pc = 0;
  StringId type = kNullStringId;  // Frame.kind / kind_str (stack_profile_frame.type).
};

// A sequence's interned profiling messages. Generations copied from one
// another share it until one of them interns more (copy on write).
struct InternedProfiling {
  IidMap<StringId> function_names, mapping_paths;
  IidMap<StringId> build_ids;  // Hex-encoded, as stack_profile_mapping shows them.
  IidMap<InternedMapping> mappings;
  IidMap<InternedFrame> frames;
  IidMap<std::vector<uint64_t>> callstacks;  // Frame iids, bottom first.
  // StackSample contexts and descriptors: their bytes, decoded when used
  // (profiling/stack_sample_parser.cc).
  IidMap<std::string> task_contexts, execution_contexts, counter_descriptors, async_contexts;
};

// Whether |field| of InternedData is one of the profiling ones.
bool IsInternedProfilingField(uint32_t field);
// Reads one entry of such a field into |gen|.
void ReadInternedProfiling(uint32_t field, protozero::data_view entry, TraceStorage* storage,
                           SequenceGeneration* gen);

class TrackEventCallstacks {
 public:
  explicit TrackEventCallstacks(TraceContext* context);

  // The leaf callsite of interned callstack |iid| of |gen| (generation
  // |generation|); kNull when something it refers to is missing (the
  // stackprofile_* stat of what is missing is counted).
  uint32_t InternedCallsite(uint32_t generation, const SequenceGeneration& gen, uint64_t iid);
  // The leaf callsite of an inline TrackEvent.Callstack; kNull if it has no
  // frames or is malformed (track_event_parser_errors).
  uint32_t InlineCallsite(protozero::data_view callstack);
  // The same for another producer's inline stack (StackSample's
  // InlineCallstack has TrackEvent.Callstack's layout), its frames on the
  // dummy mapping |mapping_name|; throws protozero::exception if malformed.
  uint32_t DecodeInlineCallsite(protozero::data_view callstack, StringId mapping_name);
  // Records that |slice| (on |track|) began, or ended when |is_end|, at
  // |callsite|.
  void Record(uint32_t slice, uint32_t track, uint32_t callsite, bool is_end, bool has_weight,
              double weight) {
    storage_->track_event_callstacks.Insert(slice, track, callsite, is_end, has_weight, weight);
  }

 private:
  uint32_t Frame(const InternedProfiling& interned, uint64_t iid);
  uint32_t Mapping(const InternedProfiling& interned, uint64_t iid);
  // An interned string; nullptr (stat counted) when unknown.
  const StringId* String(const IidMap<StringId>& map, uint64_t iid);

  TraceStorage* storage_;
  StackProfileTracker* tracker_;
  StringId inline_mapping_name_, unmapped_name_, empty_;
  // Resolved callstacks by generation and iid.
  std::unordered_map<uint32_t, IidMap<uint32_t>> resolved_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_CALLSTACKS_H_
