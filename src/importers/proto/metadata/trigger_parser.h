// TriggerParser: TracePacket.trigger and .clone_snapshot_trigger, parsed in
// timestamp order. Each trigger is an instant slice on the global track
// "Trace Triggers" (args producer_name, trusted_producer_uid); the metadata
// key trace_trigger names the first trigger, or the clone snapshot's.
#ifndef SRC_IMPORTERS_PROTO_METADATA_TRIGGER_PARSER_H_
#define SRC_IMPORTERS_PROTO_METADATA_TRIGGER_PARSER_H_

#include <cstdint>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class TriggerParser {
 public:
  explicit TriggerParser(TraceContext* context) : ctx_(context) {}
  void Parse(int64_t ts, protozero::data_view trigger, bool clone_snapshot);

 private:
  TraceContext* ctx_;
  uint32_t track_ = Uint32Column::kNull;
  enum class Named : uint8_t { kNone, kByTrigger, kByCloneSnapshot } named_ = Named::kNone;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_METADATA_TRIGGER_PARSER_H_
