// Track helpers of PowerParser: a new counter track, and the name of a power
// rail's track.
#ifndef SRC_IMPORTERS_PROTO_POWER_POWER_TRACKS_H_
#define SRC_IMPORTERS_PROTO_POWER_POWER_TRACKS_H_

#include <string>
#include <string_view>

#include "src/storage/trace_storage.h"

namespace weft {

inline uint32_t NewCounterTrack(TraceStorage* s, StringId name, StringId type) {
  TrackTable::Row row;
  row.name = name;
  row.type = type;
  row.event_type = TrackEventType::kCounter;
  return s->track.Insert(row, s->Intern("counter"));
}

// "power.rails.<friendly name>" for the rails Perfetto knows by a friendly
// name (only those weft has confirmed so far), else "power.<rail>_uws".
inline std::string PowerRailTrackName(std::string_view rail) {
  struct WellKnown {
    std::string_view rail, friendly;
  };
  static constexpr WellKnown kWellKnown[] = {
      {"S3M_VDD_CPUCL1", "cpu.mid"},
      {"S2S_VDD_G3D", "gpu"},
  };
  for (const WellKnown& w : kWellKnown) {
    if (w.rail == rail) return "power.rails." + std::string(w.friendly);
  }
  return "power." + std::string(rail) + "_uws";
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_POWER_POWER_TRACKS_H_
