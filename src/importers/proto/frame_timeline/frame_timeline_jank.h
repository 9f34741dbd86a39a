// How FrameTimeline's jank fields read as text (Perfetto's strings): the
// JankType bits as a list of reasons, and the jank tag the UI colours a
// frame by. Pure functions of the event's fields.
#ifndef SRC_IMPORTERS_PROTO_FRAME_TIMELINE_FRAME_TIMELINE_JANK_H_
#define SRC_IMPORTERS_PROTO_FRAME_TIMELINE_FRAME_TIMELINE_JANK_H_

#include <cstdint>
#include <string>

namespace weft {

// "Unspecified" (0), "None" (JANK_NONE alone), else the reasons of the set
// bits joined by ", " (unknown bits add nothing).
std::string JankTypeText(int32_t jank_type);

// The jank tag of a display frame (SurfaceFlinger's own work).
const char* DisplayFrameJankTag(int32_t jank_type);
// The jank tag of a surface frame (an app's work); |present_type| is 0
// when the event had none or an invalid one.
const char* SurfaceFrameJankTag(int32_t jank_type, int32_t present_type);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FRAME_TIMELINE_FRAME_TIMELINE_JANK_H_
