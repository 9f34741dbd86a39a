// AtracePrintParser: ftrace `print` events of a protobuf trace (writes to
// trace_marker) carrying atrace markers — "B|tgid|name" begins and "E|tgid"
// ends a slice on the writer's thread, "I|tgid|name" is an instant there,
// "C|tgid|name|value" a sample of the process counter `name`.
#ifndef SRC_IMPORTERS_PROTO_ATRACE_PRINT_PARSER_H_
#define SRC_IMPORTERS_PROTO_ATRACE_PRINT_PARSER_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class AtracePrintParser {
 public:
  explicit AtracePrintParser(TraceContext* context);

  // One FtraceEvent holding a `print` (as queued by the tokenizer) at |ts|.
  // Malformed bytes: proto_malformed_packet.
  void ParseFtraceEvent(int64_t ts, protozero::data_view event);
  // One trace_marker write of thread |tid|. Text that is no atrace marker
  // (or a malformed one) counts in systrace_parse_failure; the async
  // markers (S, F, ...) in atrace_unsupported_events.
  void ParsePrint(int64_t ts, int64_t tid, std::string_view buf);

 private:
  // The thread |tid| of process |tgid|; without a tgid, the thread an
  // earlier marker of |tid| named (kNull if none).
  uint32_t ThreadOf(int64_t tid, bool has_tgid, int64_t tgid);

  TraceContext* ctx_;
  TraceStorage* storage_;
  std::unordered_map<int64_t, uint32_t> utid_by_tid_;  // Threads seen in markers.
  StringId atrace_counter_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ATRACE_PRINT_PARSER_H_
