// Android device states that Perfetto keeps on global counter tracks, whether
// they come from atrace counters or from the system properties read when
// tracing started (debug.tracing.<name>): "battery_stats.<x>" (type
// battery_stats) and "ScreenState" (type screen_state).
#ifndef SRC_IMPORTERS_COMMON_ANDROID_GLOBAL_COUNTERS_H_
#define SRC_IMPORTERS_COMMON_ANDROID_GLOBAL_COUNTERS_H_

#include <string_view>

#include "src/importers/common/trace_context.h"

namespace weft {

// The track type of the global counter |name|, or nullptr if |name| is a
// per-process counter.
inline const char* AndroidGlobalCounterType(std::string_view name) {
  if (name.substr(0, 14) == "battery_stats.") return "battery_stats";
  if (name == "ScreenState") return "screen_state";
  return nullptr;
}

// The global counter track |name| (AndroidGlobalCounterType(name) != nullptr).
inline uint32_t AndroidGlobalCounterTrack(TraceContext* ctx, std::string_view name) {
  TraceStorage* s = ctx->storage;
  return ctx->tracks.GlobalCounterTrack(s->Intern(name), s->Intern(AndroidGlobalCounterType(name)));
}

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_ANDROID_GLOBAL_COUNTERS_H_
