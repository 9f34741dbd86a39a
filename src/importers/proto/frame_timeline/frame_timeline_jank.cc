// FrameTimeline jank texts and tags.
#include "src/importers/proto/frame_timeline/frame_timeline_jank.h"

#include "protos/perfetto/trace/android/frame_timeline_event.fields.h"

namespace weft {
namespace {

namespace jank = pb::frame_timeline_event_jank_type;

struct JankReason {
  uint32_t bit;
  const char* text;
};

constexpr JankReason kReasons[] = {
    {jank::kJankSfScheduling, "SurfaceFlinger Scheduling"},
    {jank::kJankPredictionError, "Prediction Error"},
    {jank::kJankDisplayHal, "Display HAL"},
    {jank::kJankSfCpuDeadlineMissed, "SurfaceFlinger CPU Deadline Missed"},
    {jank::kJankSfGpuDeadlineMissed, "SurfaceFlinger GPU Deadline Missed"},
    {jank::kJankAppDeadlineMissed, "App Deadline Missed"},
    {jank::kJankBufferStuffing, "Buffer Stuffing"},
    {jank::kJankUnknown, "Unknown Jank"},
    {jank::kJankSfStuffing, "SurfaceFlinger Stuffing"},
    {jank::kJankDropped, "Dropped Frame"},
};

// Whether any of |mask|'s reasons is set (JANK_UNSPECIFIED and JANK_NONE
// never are janky).
bool HasReason(int32_t jank_type, uint32_t mask) {
  if (jank_type == static_cast<int32_t>(jank::kJankUnspecified) ||
      jank_type == static_cast<int32_t>(jank::kJankNone)) {
    return false;
  }
  return (static_cast<uint32_t>(jank_type) & mask) != 0;
}

// Reasons that are SurfaceFlinger's fault, and the app's.
constexpr uint32_t kDisplayReasons = jank::kJankSfScheduling | jank::kJankPredictionError |
                                     jank::kJankDisplayHal | jank::kJankSfCpuDeadlineMissed |
                                     jank::kJankSfGpuDeadlineMissed;
constexpr uint32_t kSurfaceReasons = jank::kJankAppDeadlineMissed | jank::kJankUnknown;

}  // namespace

std::string JankTypeText(int32_t jank_type) {
  if (jank_type == static_cast<int32_t>(jank::kJankUnspecified)) return "Unspecified";
  if (jank_type == static_cast<int32_t>(jank::kJankNone)) return "None";
  std::string text;
  for (const JankReason& reason : kReasons) {
    if (!(static_cast<uint32_t>(jank_type) & reason.bit)) continue;
    if (!text.empty()) text += ", ";
    text += reason.text;
  }
  return text;
}

const char* DisplayFrameJankTag(int32_t jank_type) {
  if (HasReason(jank_type, kDisplayReasons)) return "Self Jank";
  if (jank_type == static_cast<int32_t>(jank::kJankSfStuffing)) return "SurfaceFlinger Stuffing";
  if (jank_type == static_cast<int32_t>(jank::kJankDropped)) return "Dropped Frame";
  return "No Jank";
}

const char* SurfaceFrameJankTag(int32_t jank_type, int32_t present_type) {
  if (HasReason(jank_type, kSurfaceReasons)) return "Self Jank";
  if (HasReason(jank_type, kDisplayReasons)) return "Other Jank";
  if (jank_type == static_cast<int32_t>(jank::kJankBufferStuffing)) return "Buffer Stuffing";
  if (present_type == static_cast<int32_t>(pb::frame_timeline_event_present_type::kPresentDropped)) {
    return "Dropped Frame";
  }
  return "No Jank";
}

}  // namespace weft
