// FtraceParser: the kernel ftrace events of a protobuf trace that weft reads,
// one at a time in timestamp order. `print` and the drivers'
// *tracing_mark_write events carry atrace markers; the scheduler and task events drive thread and
// process tracking as in Perfetto: task_newtask starts a process (fork) or a
// thread of the caller's process (CLONE_THREAD), task_rename and the comms
// of sched_switch / sched_wakeup / sched_waking name threads,
// sched_process_free ends a thread (and its process if it is the main one).
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_PARSER_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_PARSER_H_

#include <cstdint>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/common/atrace_print_parser.h"

namespace weft {

struct MarkerLayout;  // ftrace_parser.cc

class FtraceParser {
 public:
  explicit FtraceParser(TraceContext* context);

  // One FtraceEvent (as queued by the tokenizer) at |ts|. Malformed bytes
  // inside the event count in proto_malformed_packet and drop it.
  void Parse(int64_t ts, protozero::data_view event);

 private:
  // |tid|: the thread that emitted the event (FtraceEvent.pid).
  void ParsePrint(int64_t ts, int64_t tid, protozero::data_view print);
  void ParseSchedSwitch(protozero::data_view sched_switch);
  void ParseWakeup(protozero::data_view wakeup);  // sched_wakeup, sched_waking.
  void ParseNewTask(int64_t ts, int64_t tid, protozero::data_view new_task);
  void ParseRename(protozero::data_view rename);
  void ParseProcessFree(int64_t ts, protozero::data_view process_free);
  // A driver's tracing_mark_write event (mdss, sde, dpu, g2d, mali).
  void ParseKernelMarker(int64_t ts, int64_t tid, const MarkerLayout& layout,
                         protozero::data_view marker);

  TraceContext* ctx_;
  TraceStorage* storage_;
  AtracePrintParser atrace_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_PARSER_H_
