// FtraceMemoryCounters: the kernel's memory counter events, as Perfetto
// reads them.
// - rss_stat: a process counter "mem.rss.file" / ".anon" / "mem.swap" /
//   "mem.rss.shmem" (by member; "mem.rss.unknown" otherwise) of the
//   process whose mm_struct it is: the emitter's when curr is set or
//   mm_id is absent; else the task last seen emitting that mm_id with curr
//   set (skipped when none is known or that task has exited).
// - ion_stat: the global counter "mem.ion" (total allocated) and the
//   emitting thread's counter "mem.ion_change" (the buffer's len).
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_MEMORY_COUNTERS_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_MEMORY_COUNTERS_H_

#include <cstdint>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class FtraceMemoryCounters {
 public:
  explicit FtraceMemoryCounters(TraceContext* context) : ctx_(context) {}
  // Whether FtraceEvent field |kind| is one Parse() reads.
  static bool Handles(uint32_t kind);
  // The event |kind| emitted by thread |tid|; false if not one of ours.
  bool Parse(int64_t ts, int64_t tid, uint32_t kind, protozero::data_view body);

 private:
  void ParseRssStat(int64_t ts, int64_t tid, protozero::data_view body);
  void ParseIonStat(int64_t ts, int64_t tid, protozero::data_view body);
  // The thread whose mm_struct |mm_id| is (kNull if unknown).
  uint32_t ThreadOfMm(uint32_t mm_id, bool curr, int64_t tid);
  uint32_t ThreadCounterTrack(uint32_t utid, StringId name);

  TraceContext* ctx_;
  std::unordered_map<uint32_t, uint32_t> utid_by_mm_;
  std::unordered_map<uint32_t, uint32_t> ion_change_tracks_;  // By utid.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_MEMORY_COUNTERS_H_
