// FrameTimelineParser: TracePacket.frame_timeline_event (SurfaceFlinger's
// FrameTimeline, Android 12+), in timestamp order, as Perfetto imports it.
// A start message opens a slice named after the frame's token on its
// process's "Expected Timeline" or "Actual Timeline" track (async tracks:
// a frame overlapping another takes another track of the same name), and
// adds the frame's row to expected_frame_timeline_slice or
// actual_frame_timeline_slice; a FrameEnd closes the slice its cookie
// opened. An actual display frame gets a flow from every actual surface
// frame composited into it (same display frame token) seen before it.
// Expected surface frames repeating a token of their process are dropped
// (one prediction per token). Invalid events count in
// frame_timeline_event_parser_errors, ends of unknown cookies in
// frame_timeline_unpaired_end_event. Reference: docs/formats/protobuf.md.
#ifndef SRC_IMPORTERS_PROTO_FRAME_TIMELINE_FRAME_TIMELINE_PARSER_H_
#define SRC_IMPORTERS_PROTO_FRAME_TIMELINE_FRAME_TIMELINE_PARSER_H_

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/async_track_set.h"
#include "src/importers/common/trace_context.h"

namespace weft {

class FrameTimelineParser {
 public:
  explicit FrameTimelineParser(TraceContext* context);
  void Parse(int64_t ts, protozero::data_view event);

  // Which start message a frame came from.
  enum class FrameKind : uint8_t {
    kExpectedDisplay,
    kActualDisplay,
    kExpectedSurface,
    kActualSurface
  };
  // A start message's fields (has_*: the field was present).
  struct FrameStart {
    bool has_cookie = false, has_token = false, has_display_frame_token = false, has_pid = false;
    bool has_layer_name = false, has_present_type = false, has_prediction_type = false;
    bool has_is_buffer = false, has_jank_severity_type = false;
    int64_t cookie = 0, token = 0, display_frame_token = 0;
    int32_t pid = 0, present_type = 0, prediction_type = 0, jank_type = 0;
    int32_t jank_severity_type = 0;
    bool on_time_finish = false, gpu_composition = false, is_buffer = false;
    protozero::data_view layer_name;
  };

 private:
  void ParseStart(int64_t ts, FrameKind kind, protozero::data_view bytes);
  void ParseFrameEnd(int64_t ts, protozero::data_view bytes);
  // The actual timeline's text columns for |f| (stats for invalid enums).
  ActualFrameInfo AnalyzeActual(const FrameStart& f, bool surface);
  uint32_t WriteArgs(const FrameStart& f, FrameKind kind, const ActualFrameInfo& actual,
                     StringId layer_name);
  // Flows into the actual display frame |slice| of token |token|.
  void LinkSurfaceFrames(int64_t token, uint32_t slice);
  void CountError();

  // The track (scope, name) an open frame's cookie began on.
  struct OpenFrame {
    uint32_t upid;
    bool actual;
  };

  TraceContext* ctx_;
  TraceStorage* storage_;
  AsyncTrackSet tracks_;
  std::unordered_map<int64_t, OpenFrame> open_frames_;  // By cookie.
  // Expected surface frame tokens already imported, by upid.
  std::unordered_map<uint32_t, std::unordered_set<int64_t>> expected_surface_tokens_;
  // Actual surface frame slices waiting for their display frame, by its token.
  std::unordered_map<int64_t, std::vector<uint32_t>> surface_slices_by_display_token_;
  // Of the expected [0] and actual [1] timeline tracks.
  StringId track_names_[2], track_types_[2];
  StringId present_types_[6], prediction_types_[4], severity_types_[4];
  StringId key_surface_token_, key_display_token_, key_layer_name_, key_present_type_,
      key_on_time_finish_, key_gpu_composition_, key_jank_type_, key_jank_severity_type_,
      key_prediction_type_, key_is_buffer_, key_jank_tag_;
  StringId is_buffer_values_[3];  // Unspecified, No, Yes.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FRAME_TIMELINE_FRAME_TIMELINE_PARSER_H_
