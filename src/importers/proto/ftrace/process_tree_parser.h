// ProcessTreeParser: TracePacket.process_tree (the /proc scrape of the
// linux.process_stats data source) into `process` and `thread` rows with
// Perfetto's rules: the name is argv[0], the cmdline argv joined by spaces,
// kworker names lose their transient "-<workqueue>" suffix, kernel threads
// (cmdline_is_comm) name their main thread, and uid / start time / is_kthread
// are kept.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_PROCESS_TREE_PARSER_H_
#define SRC_IMPORTERS_PROTO_FTRACE_PROCESS_TREE_PARSER_H_

#include <cstdint>
#include <string_view>
#include <unordered_set>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/sequence/clock_tracker.h"

namespace weft {

class ProcessTreeParser {
 public:
  ProcessTreeParser(TraceContext* context, const ClockTracker* clocks);

  // May throw protozero::exception on malformed bytes.
  void Parse(protozero::data_view tree);

 private:
  void ParseProcess(protozero::data_view process);
  void ParseThread(protozero::data_view thread);
  // "kworker/45:2-mm_percpu_wq" -> "kworker/45:2" for children of kthreadd.
  static std::string_view WorkerName(std::string_view name);

  TraceContext* ctx_;
  const ClockTracker* clocks_;
  StringId key_is_kthread_;
  // Pids whose parent is kthreadd: their thread names are kworker names too.
  std::unordered_set<int64_t> kthreadd_children_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_PROCESS_TREE_PARSER_H_
