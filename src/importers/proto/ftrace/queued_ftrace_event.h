// QueuedFtraceEvent: one FtraceEvent of a bundle as the tokenizer queues it
// for FtraceParser. The tokenizer has to walk the event's fields anyway (for
// its timestamp), so it decodes the fields around the event there, once:
// the bundle's cpu, the writing thread (pid) and common_flags go in front as
// varints, followed by the event's own message (the oneof `event`), as is.
// The parser then reads four varints instead of walking the FtraceEvent
// again (that second walk was ~2% of a protobuf ftrace load).
#ifndef SRC_IMPORTERS_PROTO_FTRACE_QUEUED_FTRACE_EVENT_H_
#define SRC_IMPORTERS_PROTO_FTRACE_QUEUED_FTRACE_EVENT_H_

#include <cstddef>
#include <cstdint>

#include <protozero/data_view.hpp>
#include <protozero/varint.hpp>

#include "src/base/compiler.h"
#include "src/importers/proto/varints.h"

namespace weft {

struct QueuedFtraceEvent {
  uint32_t cpu = 0;           // The bundle's.
  uint32_t tid = 0;           // FtraceEvent.pid (0 when absent).
  bool has_common_flags = false;
  uint32_t common_flags = 0;  // FtraceEvent.common_flags.
  uint32_t kind = 0;          // The FtraceEvent field of the event; 0: none.
  protozero::data_view body;  // The event's message bytes.

  // Whether the kernel wrote the event in interrupt context
  // (TRACE_FLAG_HARDIRQ | TRACE_FLAG_SOFTIRQ): 1 or 0, -1 when unknown.
  int irq_context() const {
    if (!has_common_flags) return -1;
    return (common_flags & (0x08 | 0x10)) ? 1 : 0;
  }
};

// The header in front of the body: cpu, tid, common_flags + 1 (0: absent)
// and kind, as varints.
constexpr size_t kMaxQueuedFtraceHeader = 4 * protozero::max_varint_length;

// Writes |e|'s header to |out|; returns its size. The body follows it.
inline size_t EncodeQueuedFtraceHeader(const QueuedFtraceEvent& e, char* out) {
  char* p = out;
  p += protozero::add_varint_to_buffer(p, e.cpu);
  p += protozero::add_varint_to_buffer(p, e.tid);
  p += protozero::add_varint_to_buffer(p, e.has_common_flags ? uint64_t{e.common_flags} + 1 : 0);
  p += protozero::add_varint_to_buffer(p, e.kind);
  return static_cast<size_t>(p - out);
}

// The event a queued header and body hold. Throws protozero::exception if
// |queued| is not one (it always is: the tokenizer wrote it).
WEFT_ALWAYS_INLINE QueuedFtraceEvent DecodeQueuedFtraceEvent(protozero::data_view queued) {
  const char* at = queued.data();
  const char* end = at + queued.size();
  QueuedFtraceEvent e;
  e.cpu = static_cast<uint32_t>(DecodeVarint(&at, end));
  e.tid = static_cast<uint32_t>(DecodeVarint(&at, end));
  uint64_t flags = DecodeVarint(&at, end);
  e.has_common_flags = flags != 0;
  e.common_flags = static_cast<uint32_t>(flags - e.has_common_flags);
  e.kind = static_cast<uint32_t>(DecodeVarint(&at, end));
  e.body = protozero::data_view(at, static_cast<size_t>(end - at));
  return e;
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_QUEUED_FTRACE_EVENT_H_
