// FtraceRawWriter: one `ftrace_event` (raw) row per protobuf FtraceEvent, as
// Perfetto keeps: the event's name, cpu, thread and common_flags, and its
// fields as args. Names come from ftrace_raw_writer.cc's descriptors; an
// event or field weft has no name for is `ftrace_event_N` / `field_N`
// (N: the proto field number). Off with the shell's --no-ftrace-raw.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_RAW_WRITER_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_RAW_WRITER_H_

#include <cstdint>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class FtraceRawWriter {
 public:
  explicit FtraceRawWriter(TraceContext* context) : ctx_(context) {}

  // |kind|: the FtraceEvent field of the event; |body|: its bytes; |utid|:
  // the writing thread, or kNull to look |tid| up. Throws
  // protozero::exception on malformed bytes (before any row is added).
  void Write(int64_t ts, uint32_t cpu, int64_t tid, uint32_t utid, uint32_t common_flags,
             uint32_t kind, protozero::data_view body);

 private:
  TraceContext* ctx_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_RAW_WRITER_H_
