// Trace diagnostics: known-bad recording settings found in the trace's
// TraceConfig, as rows of `__intrinsic_trace_diagnostics` with Perfetto's
// keys, checked once the whole trace is read (docs/formats/protobuf.md,
// "Trace diagnostics"):
//   tiny_ftrace_buffer           ftrace buffer_size_kb set below 1 MB
//   low_ftrace_drain_bandwidth   buffer_size_kb / drain_period_ms < 5 MB/s
//   extreme_ftrace_drain_period  drain_period_ms outside [100, 60000]
//   syscalls_without_filter      raw_syscalls enabled, no syscall_events
//   function_graph_requires_symbolize_ksyms, events_require_symbolize_ksyms
//                                kernel addresses without symbolize_ksyms
//   discard_buffer_for_streaming ftrace / track_event on a DISCARD buffer
//                                of a periodically written trace
//   heapprofd_sampling_interval_too_low  sampling interval under 100 KB
//   display_video_not_enabled    android.display.video on a user build
//                                without frames
#ifndef SRC_IMPORTERS_PROTO_METADATA_TRACE_DIAGNOSTICS_H_
#define SRC_IMPORTERS_PROTO_METADATA_TRACE_DIAGNOSTICS_H_

#include <string_view>

#include "src/storage/trace_storage.h"

namespace weft {

// Checks |config| (a serialized TraceConfig; empty: nothing to check).
// Malformed bytes throw protozero::exception; rows found before stay.
void WriteTraceDiagnostics(std::string_view config, TraceStorage* storage);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_METADATA_TRACE_DIAGNOSTICS_H_
