// StreamingProfileParser: one Chrome callstack sample into a
// cpu_profile_stack_sample row.
#include "src/importers/proto/profiling/streaming_profile_parser.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/profiling/profile_packet.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace sp = pb::streaming_profile_packet;

void StreamingProfileParser::Parse(int64_t ts, uint32_t generation, const SequenceGeneration& gen,
                                   protozero::data_view sample) {
  uint64_t iid = 0;
  int64_t priority = 0;
  protozero::pbf_reader r(sample);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(sp::kCallstackIid, kVarint): iid = r.get_uint64(); break;
      case tag_and_type(sp::kProcessPriority, kVarint): priority = r.get_int32(); break;
      default: r.skip();
    }
  }
  TraceStorage* s = ctx_->storage;
  if (!gen.has_thread) {
    s->stats.Increment(Stat::stackprofile_parser_error);
    return;
  }
  uint32_t callsite = callstacks_->InternedCallsite(generation, gen, iid);
  if (callsite == Uint32Column::kNull) return;  // Its stat is counted.
  uint32_t utid = ctx_->processes.UpdateThread(gen.tid, gen.pid);
  s->cpu_profile_stack_sample.Insert(ts, callsite, utid, priority);
}

}  // namespace weft
