// ProcessStatsParser: per-process memory and CPU time counters.
#include "src/importers/proto/ftrace/process_stats_parser.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ps/process_stats.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
namespace ps = pb::process_stats;
namespace proc = pb::process_stats_process;

// A ProcessStats.Process field and its counter: the track's name and type,
// and the factor to its unit (KiB -> bytes).
struct CounterField {
  uint32_t field;
  const char* name;
  const char* type;
  double scale;
};

constexpr CounterField kCounters[] = {
    {proc::kVmSizeKb, "mem.virt", "process_memory", 1024},
    {proc::kVmRssKb, "mem.rss", "process_memory", 1024},
    {proc::kRssAnonKb, "mem.rss.anon", "process_memory", 1024},
    {proc::kRssFileKb, "mem.rss.file", "process_memory", 1024},
    {proc::kRssShmemKb, "mem.rss.shmem", "process_memory", 1024},
    {proc::kVmSwapKb, "mem.swap", "process_memory", 1024},
    {proc::kVmLockedKb, "mem.locked", "process_memory", 1024},
    {proc::kVmHwmKb, "mem.rss.watermark", "process_memory", 1024},
    {proc::kOomScoreAdj, "oom_score_adj", "oom_score_adj", 1},
    {proc::kRuntimeUserMode, "runtime.user_ns", "process_runtime", 1},
    {proc::kRuntimeKernelMode, "runtime.kernel_ns", "process_runtime", 1},
};

}  // namespace

void ProcessStatsParser::Parse(int64_t ts, protozero::data_view stats) {
  protozero::pbf_reader r(stats);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(ps::kProcesses, kBytes)) {
      ParseProcess(ts, r.get_view());
    } else {
      r.skip();
    }
  }
}

void ProcessStatsParser::ParseProcess(int64_t ts, protozero::data_view process) {
  bool has_pid = false;
  int64_t pid = 0;
  double values[sizeof(kCounters) / sizeof(kCounters[0])];
  bool has[sizeof(kCounters) / sizeof(kCounters[0])] = {};
  protozero::pbf_reader r(process);
  while (r.next()) {
    if (r.wire_type() != kVarint) {
      r.skip();
      continue;
    }
    if (r.tag() == proc::kPid) {
      pid = r.get_int32();
      has_pid = true;
      continue;
    }
    uint32_t field = r.tag();
    int64_t raw = r.get_int64();  // oom_score_adj is signed; the rest fit.
    for (size_t i = 0; i < sizeof(kCounters) / sizeof(kCounters[0]); ++i) {
      if (kCounters[i].field != field) continue;
      values[i] = static_cast<double>(raw) * kCounters[i].scale;
      has[i] = true;
    }
  }
  if (!has_pid) return;
  TraceStorage* storage = ctx_->storage;
  uint32_t upid = ctx_->processes.GetOrCreateProcess(pid);
  for (size_t i = 0; i < sizeof(kCounters) / sizeof(kCounters[0]); ++i) {
    if (!has[i]) continue;
    uint32_t track = ctx_->tracks.ProcessCounterTrack(upid, storage->Intern(kCounters[i].name),
                                                      storage->Intern(kCounters[i].type));
    storage->counter.Insert(ts, track, values[i], Uint32Column::kNull);
  }
}

}  // namespace weft
