// TriggerParser: TracePacket.trigger and .clone_snapshot_trigger, parsed in
// timestamp order. Each trigger is an instant slice on the global track
// "Trace Triggers" (args producer_name, trusted_producer_uid); the metadata
// key trace_trigger names the first trigger, or the clone snapshot's.
// TracePacket.chrome_trigger (a Chrome background tracing trigger) is an
// instant on the same track, named by its trigger_name or
// "chrome_trigger" (args chrome_trigger.name_hash, chrome_trigger.name);
// its hash is the metadata key cr-triggered_rule_name_hash, as Perfetto
// has them.
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
  void ParseChrome(int64_t ts, protozero::data_view chrome_trigger);

 private:
  // An instant named |name| with args |arg_set| on "Trace Triggers".
  void AddInstant(int64_t ts, StringId name, uint32_t arg_set);

  TraceContext* ctx_;
  uint32_t track_ = Uint32Column::kNull;
  enum class Named : uint8_t { kNone, kByTrigger, kByCloneSnapshot } named_ = Named::kNone;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_METADATA_TRIGGER_PARSER_H_
