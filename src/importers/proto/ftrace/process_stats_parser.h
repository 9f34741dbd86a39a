// ProcessStatsParser: TracePacket.process_stats (the /proc polls of the
// linux.process_stats data source) into process counter tracks with
// Perfetto's names, at the packet's time: mem.virt, mem.rss, mem.rss.anon,
// mem.rss.file, mem.rss.shmem, mem.swap, mem.locked, mem.rss.watermark (in
// bytes), oom_score_adj, runtime.user_ns and runtime.kernel_ns. Only the
// fields a poll has make values; a process without a pid is skipped.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_PROCESS_STATS_PARSER_H_
#define SRC_IMPORTERS_PROTO_FTRACE_PROCESS_STATS_PARSER_H_

#include <cstdint>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class ProcessStatsParser {
 public:
  explicit ProcessStatsParser(TraceContext* context) : ctx_(context) {}
  // Throws protozero::exception on malformed bytes.
  void Parse(int64_t ts, protozero::data_view stats);

 private:
  void ParseProcess(int64_t ts, protozero::data_view process);

  TraceContext* ctx_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_PROCESS_STATS_PARSER_H_
