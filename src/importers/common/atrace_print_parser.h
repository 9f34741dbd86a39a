// AtracePrintParser: ftrace `print` events (protobuf or text traces; writes to
// trace_marker) carrying atrace markers — "B|tgid|name" begins and "E|tgid"
// ends a slice on the writer's thread, "I|tgid|name" is an instant there,
// "C|tgid|name|value" a sample of the process counter `name`. Async slices
// live on process tracks: "S|tgid|name|cookie" / "F|..." on the track
// `name`, "G|tgid|track|name|cookie" / "H|tgid|track|[name|]cookie" on
// `track`, "N|tgid|track|name" an instant there.
#ifndef SRC_IMPORTERS_COMMON_ATRACE_PRINT_PARSER_H_
#define SRC_IMPORTERS_COMMON_ATRACE_PRINT_PARSER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "src/importers/common/trace_context.h"

namespace weft {

class AtracePrintParser {
 public:
  explicit AtracePrintParser(TraceContext* context);

  // One trace_marker write of thread |tid|. Text that is no atrace marker
  // (or a malformed one) counts in systrace_parse_failure; the async
  // markers T and U in atrace_unsupported_events.
  void ParsePrint(int64_t ts, int64_t tid, std::string_view buf);
  // The same markers written by kernel drivers as typed events
  // (sde_tracing_mark_write): a slice |name| begins / the innermost ends on
  // thread |tid| of process |tgid| (an end without tgid: the thread as
  // already known), or process counter |name| takes |value|.
  void Begin(int64_t ts, int64_t tid, int64_t tgid, std::string_view name);
  void End(int64_t ts, int64_t tid, bool has_tgid, int64_t tgid);
  void Counter(int64_t ts, int64_t tid, int64_t tgid, std::string_view name, double value);

 private:
  // The thread |tid| of process |tgid|; without a tgid, the newest live
  // thread |tid| (kNull if none).
  uint32_t ThreadOf(int64_t tid, bool has_tgid, int64_t tgid);
  // Async markers: S, F, G, H, N (|rest| is what follows the tgid).
  void ParseAsync(int64_t ts, char kind, uint32_t upid, std::string_view rest);

  // The async tracks named |name| of a process: one per concurrently open
  // slice (a begin takes the first with none open), as Perfetto lays out
  // overlapping async slices.
  struct AsyncTrackSet {
    std::vector<uint32_t> tracks;
    std::vector<bool> busy;
  };
  using AsyncKey = std::tuple<uint32_t, StringId>;                // upid, track name
  using CookieKey = std::tuple<uint32_t, StringId, std::string>;  // + cookie
  struct OpenAsync {
    uint32_t set_track_index;
  };

  TraceContext* ctx_;
  TraceStorage* storage_;
  std::map<AsyncKey, AsyncTrackSet> async_tracks_;
  std::map<CookieKey, OpenAsync> open_async_;
  StringId atrace_counter_, atrace_async_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_ATRACE_PRINT_PARSER_H_
