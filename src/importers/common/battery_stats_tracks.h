// Android's battery stats states ("battery_stats.screen", ...), reported both
// as atrace counters and as the system properties
// "debug.tracing.battery_stats.*": as in Perfetto, both go to one global
// counter track per name, of type "battery_stats".
#ifndef SRC_IMPORTERS_COMMON_BATTERY_STATS_TRACKS_H_
#define SRC_IMPORTERS_COMMON_BATTERY_STATS_TRACKS_H_

#include <string_view>

#include "src/importers/common/trace_context.h"

namespace weft {

inline bool IsBatteryStatsCounter(std::string_view name) {
  return name.substr(0, 14) == "battery_stats.";
}

inline uint32_t BatteryStatsTrack(TraceContext* ctx, std::string_view name) {
  TraceStorage* s = ctx->storage;
  return ctx->tracks.GlobalCounterTrack(s->Intern(name), s->Intern("battery_stats"));
}

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_BATTERY_STATS_TRACKS_H_
