// SystemPropertyParser: TracePacket.android_system_property, the Android
// system properties read when tracing started, as Perfetto reads them:
// debug.tracing.screen_state (an integer) is a value of the global
// "ScreenState" counter track, debug.tracing.device_state an instant (named
// by the value) on the global "DeviceStateChanged" track — the tracks the
// same states get from atrace markers later. Other properties are ignored;
// a screen state that is not an integer counts in
// android_system_property_invalid.
#ifndef SRC_IMPORTERS_PROTO_ANDROID_SYSTEM_PROPERTY_PARSER_H_
#define SRC_IMPORTERS_PROTO_ANDROID_SYSTEM_PROPERTY_PARSER_H_

#include <cstdint>
#include <string_view>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class SystemPropertyParser {
 public:
  explicit SystemPropertyParser(TraceContext* context) : ctx_(context) {}
  // Throws protozero::exception on malformed bytes.
  void Parse(int64_t ts, protozero::data_view packet);

 private:
  void ParseValue(int64_t ts, std::string_view name, std::string_view value);

  TraceContext* ctx_;
  uint32_t device_state_track_ = UINT32_MAX;  // Made at the first state.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ANDROID_SYSTEM_PROPERTY_PARSER_H_
