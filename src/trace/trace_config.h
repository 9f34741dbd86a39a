// TraceConfig: load options given before the trace (shell flags, RPC
// ResetTraceProcessorArgs) that change what importers keep. Part of
// TraceProcessor's API; a leaf header (GN target //src/trace:config) so that
// the importers, below src/trace/, can read it too.
#ifndef SRC_TRACE_TRACE_CONFIG_H_
#define SRC_TRACE_TRACE_CONFIG_H_

namespace weft {

struct TraceConfig {
  // Drop TrackEvents before the trace's range of interest
  // (TracePacket.track_event_range_of_interest), as Perfetto's
  // --crop-track-events / TRACK_EVENT_RANGE_OF_INTEREST do.
  bool crop_track_events = false;
  // Sort the whole trace before parsing it, ignoring the tracing service's
  // flush markers (Perfetto's --full-sort).
  bool full_sort = false;
  // Use only the thread that reads the trace (native builds otherwise parse
  // protobuf packets on a second thread, and fault in a Fuchsia trace's
  // queue and the columns' next pages ahead on the prefaulter's thread;
  // wasm always uses one).
  bool single_thread = false;
  // Perfetto's --analyze-trace-proto-content: weft records its TrackEvent
  // annotations as args (see ProtoContentAnnotations).
  bool analyze_trace_proto_content = false;
  // Perfetto's --no-ftrace-raw: protobuf ftrace events make no ftrace_event
  // (raw) rows.
  bool no_ftrace_raw = false;
  // Run the built-in derived-event analyses at the end of the load (they
  // add slices and tracks; alert analyses always run). Shell
  // --derived-events; see docs/analysis.md.
  bool derived_events = false;
  // Keep V8 CPU profiles as samples only: no JS profile calls in the
  // thread tracks (the shell's --no-profile-calls), so `slice` is
  // Perfetto's exactly. See docs/sync_tracks.md.
  bool no_profile_calls = false;
  // Skip every built-in analysis at the end of the load (no alert rows,
  // no derived events): for the importer fuzzers, where the analyses' SQL
  // costs ~10x importing a small input. Not a shell flag.
  bool no_builtin_analyses = false;
};

}  // namespace weft

#endif  // SRC_TRACE_TRACE_CONFIG_H_
