// FrameTimelineParser: frame slices, their rows and flows (Perfetto's rules).
#include "src/importers/proto/frame_timeline/frame_timeline_parser.h"

#include <cstdlib>
#include <limits>
#include <string>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/android/frame_timeline_event.fields.h"
#include "src/importers/proto/frame_timeline/frame_timeline_jank.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
using FrameKind = FrameTimelineParser::FrameKind;
using FrameStart = FrameTimelineParser::FrameStart;
namespace ev = pb::frame_timeline_event;

// The field numbers of one start message (0: it has no such field).
struct StartFieldNumbers {
  uint32_t cookie, token, display_frame_token, pid, layer_name, present_type, on_time_finish,
      gpu_composition, jank_type, prediction_type, is_buffer, jank_severity_type;
};

StartFieldNumbers FieldNumbersOf(FrameKind kind) {
  switch (kind) {
    case FrameKind::kExpectedDisplay: {
      namespace m = pb::frame_timeline_event_expected_display_frame_start;
      return {m::kCookie, m::kToken, 0, m::kPid, 0, 0, 0, 0, 0, 0, 0, 0};
    }
    case FrameKind::kActualDisplay: {
      namespace m = pb::frame_timeline_event_actual_display_frame_start;
      return {m::kCookie,         m::kToken,    0, m::kPid, 0, m::kPresentType, m::kOnTimeFinish,
              m::kGpuComposition, m::kJankType, m::kPredictionType, 0, m::kJankSeverityType};
    }
    case FrameKind::kExpectedSurface: {
      namespace m = pb::frame_timeline_event_expected_surface_frame_start;
      return {m::kCookie, m::kToken, m::kDisplayFrameToken, m::kPid, m::kLayerName, 0, 0, 0, 0,
              0,          0,         0};
    }
    case FrameKind::kActualSurface: {
      namespace m = pb::frame_timeline_event_actual_surface_frame_start;
      return {m::kCookie,         m::kToken,          m::kDisplayFrameToken, m::kPid,
              m::kLayerName,      m::kPresentType,    m::kOnTimeFinish,      m::kGpuComposition,
              m::kJankType,       m::kPredictionType, m::kIsBuffer,          m::kJankSeverityType};
    }
  }
  return {};
}

// Reads a start message of |kind|; fields of the wrong wire type are
// skipped (as absent).
FrameStart DecodeStart(protozero::data_view bytes, FrameKind kind) {
  const StartFieldNumbers n = FieldNumbersOf(kind);
  FrameStart f;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    // Field numbers are never 0 (protozero rejects them): a 0 in |n|
    // matches nothing.
    uint32_t tag = r.tag();
    if (tag == n.layer_name && r.wire_type() == kBytes) {
      f.layer_name = r.get_view();
      f.has_layer_name = true;
    } else if (r.wire_type() != kVarint) {
      r.skip();
    } else if (tag == n.cookie) {
      f.cookie = r.get_int64();
      f.has_cookie = true;
    } else if (tag == n.token) {
      f.token = r.get_int64();
      f.has_token = true;
    } else if (tag == n.display_frame_token) {
      f.display_frame_token = r.get_int64();
      f.has_display_frame_token = true;
    } else if (tag == n.pid) {
      f.pid = r.get_int32();
      f.has_pid = true;
    } else if (tag == n.present_type) {
      f.present_type = r.get_int32();
      f.has_present_type = true;
    } else if (tag == n.on_time_finish) {
      f.on_time_finish = r.get_bool();
    } else if (tag == n.gpu_composition) {
      f.gpu_composition = r.get_bool();
    } else if (tag == n.jank_type) {
      f.jank_type = r.get_int32();
    } else if (tag == n.prediction_type) {
      f.prediction_type = r.get_int32();
      f.has_prediction_type = true;
    } else if (tag == n.is_buffer) {
      f.is_buffer = r.get_bool();
      f.has_is_buffer = true;
    } else if (tag == n.jank_severity_type) {
      f.jank_severity_type = r.get_int32();
      f.has_jank_severity_type = true;
    } else {
      r.skip();
    }
  }
  return f;
}

bool IsSurface(FrameKind kind) {
  return kind == FrameKind::kExpectedSurface || kind == FrameKind::kActualSurface;
}
bool IsActual(FrameKind kind) {
  return kind == FrameKind::kActualDisplay || kind == FrameKind::kActualSurface;
}

// Timestamps this close to the int64 limits are a producer bug (Perfetto
// drops them too).
bool IsAbsurdTimestamp(int64_t ts) {
  constexpr int64_t kLimit = std::numeric_limits<int64_t>::max() - 10'000'000'000;
  return ts < 0 || ts >= kLimit;
}

}  // namespace

FrameTimelineParser::FrameTimelineParser(TraceContext* context)
    : ctx_(context), storage_(context->storage), tracks_(&context->tracks) {
  TraceStorage* s = storage_;
  track_names_[0] = s->Intern("Expected Timeline");
  track_names_[1] = s->Intern("Actual Timeline");
  track_types_[0] = s->Intern("android_expected_frame_timeline");
  track_types_[1] = s->Intern("android_actual_frame_timeline");
  const char* const present[] = {"Unspecified Present", "On-time Present", "Late Present",
                                 "Early Present",       "Dropped Frame",   "Unknown Present"};
  for (int i = 0; i < 6; ++i) present_types_[i] = s->Intern(present[i]);
  const char* const prediction[] = {"Unspecified Prediction", "Valid Prediction",
                                    "Expired Prediction", "Unknown Prediction"};
  for (int i = 0; i < 4; ++i) prediction_types_[i] = s->Intern(prediction[i]);
  const char* const severity[] = {"Unknown", "None", "Partial", "Full"};
  for (int i = 0; i < 4; ++i) severity_types_[i] = s->Intern(severity[i]);
  is_buffer_values_[0] = s->Intern("Unspecified");
  is_buffer_values_[1] = s->Intern("No");
  is_buffer_values_[2] = s->Intern("Yes");
  key_surface_token_ = s->Intern("Surface frame token");
  key_display_token_ = s->Intern("Display frame token");
  key_layer_name_ = s->Intern("Layer name");
  key_present_type_ = s->Intern("Present type");
  key_on_time_finish_ = s->Intern("On time finish");
  key_gpu_composition_ = s->Intern("GPU composition");
  key_jank_type_ = s->Intern("Jank type");
  key_jank_severity_type_ = s->Intern("Jank severity type");
  key_prediction_type_ = s->Intern("Prediction type");
  key_is_buffer_ = s->Intern("Is Buffer?");
  key_jank_tag_ = s->Intern("Jank tag");
}

void FrameTimelineParser::CountError() {
  storage_->stats.Increment(Stat::frame_timeline_event_parser_errors);
}

void FrameTimelineParser::Parse(int64_t ts, protozero::data_view bytes) {
  if (IsAbsurdTimestamp(ts)) {
    CountError();
    return;
  }
  // The event is a oneof: its first member is the one read.
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.wire_type() != kBytes) {
      r.skip();
      continue;
    }
    switch (r.tag()) {
      case ev::kExpectedDisplayFrameStart:
        return ParseStart(ts, FrameKind::kExpectedDisplay, r.get_view());
      case ev::kActualDisplayFrameStart:
        return ParseStart(ts, FrameKind::kActualDisplay, r.get_view());
      case ev::kExpectedSurfaceFrameStart:
        return ParseStart(ts, FrameKind::kExpectedSurface, r.get_view());
      case ev::kActualSurfaceFrameStart:
        return ParseStart(ts, FrameKind::kActualSurface, r.get_view());
      case ev::kFrameEnd:
        return ParseFrameEnd(ts, r.get_view());
      default:
        r.skip();
    }
  }
  CountError();  // No event in it.
}

void FrameTimelineParser::ParseStart(int64_t ts, FrameKind kind, protozero::data_view bytes) {
  const FrameStart f = DecodeStart(bytes, kind);
  bool surface = IsSurface(kind), actual = IsActual(kind);
  if (!f.has_cookie || !f.has_token || (surface && !f.has_display_frame_token) || !f.has_pid) {
    CountError();
    return;
  }
  uint32_t upid = ctx_->processes.GetOrCreateProcess(static_cast<uint32_t>(f.pid));
  if (kind == FrameKind::kExpectedSurface &&
      !expected_surface_tokens_[upid].insert(f.token).second) {
    return;  // The token's prediction is already there.
  }
  StringId layer_name = kNullStringId;
  if (surface && f.has_layer_name) layer_name = storage_->Intern(View(f.layer_name));
  open_frames_[f.cookie] = OpenFrame{upid, actual};
  uint32_t track = tracks_.Begin(upid, static_cast<uint64_t>(f.cookie), track_names_[actual],
                                 track_types_[actual]);
  ActualFrameInfo info;
  if (actual) info = AnalyzeActual(f, surface);
  SliceInfo slice;
  slice.name = storage_->Intern(std::to_string(f.token));
  slice.arg_set = WriteArgs(f, kind, info, layer_name);

  FrameTimelineRow row;
  row.slice = ctx_->slices.Begin(track, ts, slice);
  row.display_frame_token = surface ? f.display_frame_token : f.token;
  row.has_surface_frame_token = surface;
  row.surface_frame_token = f.token;
  row.upid = upid;
  row.layer_name = layer_name;
  if (!actual) {
    storage_->expected_frame_timeline_slice.Insert(row);
    return;
  }
  storage_->actual_frame_timeline_slice.Insert(row, info);
  if (surface) {
    surface_slices_by_display_token_[f.display_frame_token].push_back(row.slice);
  } else {
    LinkSurfaceFrames(f.token, row.slice);
  }
}

ActualFrameInfo FrameTimelineParser::AnalyzeActual(const FrameStart& f, bool surface) {
  ActualFrameInfo info;
  info.on_time_finish = f.on_time_finish;
  info.gpu_composition = f.gpu_composition;
  int32_t present = 0;  // Unspecified, or invalid.
  if (f.has_present_type) {
    if (f.present_type >= 1 && f.present_type <= 5) {
      present = f.present_type;
    } else {
      CountError();
    }
  }
  info.present_type = present_types_[present];
  int32_t prediction = 0;
  if (f.has_prediction_type) {
    if (f.prediction_type >= 1 && f.prediction_type <= 3) {
      prediction = f.prediction_type;
    } else {
      CountError();
    }
  }
  info.prediction_type = prediction_types_[prediction];
  info.jank_type = storage_->Intern(JankTypeText(f.jank_type));
  // Older producers send no severity: none for a frame without jank.
  int32_t severity = f.jank_type == static_cast<int32_t>(pb::frame_timeline_event_jank_type::kJankNone) ? 1 : 0;
  if (f.has_jank_severity_type) {
    severity = 0;
    if (f.jank_severity_type >= 0 && f.jank_severity_type <= 3) {
      severity = f.jank_severity_type;
    } else {
      CountError();
    }
  }
  info.jank_severity_type = severity_types_[severity];
  info.jank_tag = storage_->Intern(surface ? SurfaceFrameJankTag(f.jank_type, present)
                                           : DisplayFrameJankTag(f.jank_type));
  return info;
}

uint32_t FrameTimelineParser::WriteArgs(const FrameStart& f, FrameKind kind,
                                        const ActualFrameInfo& actual, StringId layer_name) {
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  auto add_int = [&](StringId key, int64_t v) { args.AddInt(set, key, key, v); };
  auto add_string = [&](StringId key, StringId v) { args.AddString(set, key, key, v); };
  if (IsSurface(kind)) {
    add_int(key_surface_token_, f.token);
    add_int(key_display_token_, f.display_frame_token);
    if (layer_name != kNullStringId) add_string(key_layer_name_, layer_name);
  } else {
    add_int(key_display_token_, f.token);
  }
  if (IsActual(kind)) {
    add_string(key_present_type_, actual.present_type);
    add_int(key_on_time_finish_, actual.on_time_finish);
    add_int(key_gpu_composition_, actual.gpu_composition);
    add_string(key_jank_type_, actual.jank_type);
    add_string(key_jank_severity_type_, actual.jank_severity_type);
    add_string(key_prediction_type_, actual.prediction_type);
    add_string(key_jank_tag_, actual.jank_tag);
  }
  if (kind == FrameKind::kActualSurface) {
    add_string(key_is_buffer_, is_buffer_values_[f.has_is_buffer ? 1 + f.is_buffer : 0]);
  }
  return args.FinishSet();
}

void FrameTimelineParser::LinkSurfaceFrames(int64_t token, uint32_t slice) {
  // Apps finish a frame before SurfaceFlinger composites it: every surface
  // frame of this display frame came before it, and none comes after.
  auto it = surface_slices_by_display_token_.find(token);
  if (it == surface_slices_by_display_token_.end()) return;
  for (uint32_t surface_slice : it->second) storage_->flow.Insert(surface_slice, slice);
  surface_slices_by_display_token_.erase(it);
}

void FrameTimelineParser::ParseFrameEnd(int64_t ts, protozero::data_view bytes) {
  namespace end = pb::frame_timeline_event_frame_end;
  bool has_cookie = false;
  int64_t cookie = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag() == end::kCookie && r.wire_type() == kVarint) {
      cookie = r.get_int64();
      has_cookie = true;
    } else {
      r.skip();
    }
  }
  if (!has_cookie) {
    CountError();
    return;
  }
  auto it = open_frames_.find(cookie);
  if (it == open_frames_.end()) {
    storage_->stats.Increment(Stat::frame_timeline_unpaired_end_event);
    return;
  }
  const OpenFrame& frame = it->second;
  uint32_t track = tracks_.End(frame.upid, static_cast<uint64_t>(cookie),
                                track_names_[frame.actual], track_types_[frame.actual]);
  ctx_->slices.End(track, ts, SliceInfo{});
  open_frames_.erase(it);
}

}  // namespace weft
