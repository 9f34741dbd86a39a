// FtraceDeviceEvents: protobuf ftrace events of probes, devices and vendor
// drivers that make slices and counters of their own, as Perfetto does:
//  - kprobe_event: a slice (begin / end) or instant of the hitting thread,
//    named after the probed function.
//  - block_io_start / block_io_done: a "block_io" slice per request (device,
//    sector) on its device's track (type block_io, dimension block_device),
//    with the request's sector as arg.
//  - kgsl_adreno_cmdbatch_*: a "GPU" slice per retired command batch, from
//    its GPU start to retire time, on the track of its process, context and
//    priority (type adreno_gpu_cmdbatch, "GPU <process> (Ctx=N, Prio=P)").
//  - sched_cpu_util_cfs: "Cpu N Util" / "Cpu N Cap" / "Cpu N Nr Running"
//    cpu counters.
//  - thermal_exynos_acpm_bulk: "<zone> Temperature" counters at the time
//    the firmware read them (not the event's).
// Malformed bodies throw protozero::exception (the caller counts them).
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_DEVICE_EVENTS_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_DEVICE_EVENTS_H_

#include <cstdint>
#include <map>
#include <tuple>
#include <unordered_map>
#include <utility>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class FtraceDeviceEvents {
 public:
  explicit FtraceDeviceEvents(TraceContext* context);

  // Whether FtraceEvent field |kind| is one Parse() reads.
  static bool Handles(uint32_t kind);
  // One event of kind |kind| written by thread |tid| at |ts|.
  void Parse(int64_t ts, int64_t tid, uint32_t kind, protozero::data_view body);

 private:
  void ParseKprobe(int64_t ts, int64_t tid, protozero::data_view body);
  void ParseBlockIo(int64_t ts, bool start, protozero::data_view body);
  void ParseAdrenoQueued(int64_t tid, protozero::data_view body);
  void ParseAdrenoSync(int64_t ts, protozero::data_view body);
  void ParseAdrenoRetired(int64_t tid, protozero::data_view body);
  void ParseCpuUtilCfs(int64_t ts, protozero::data_view body);
  void ParseThermalExynos(protozero::data_view body);
  // The track of block device |dev|.
  uint32_t BlockTrack(uint64_t dev);
  uint32_t AdrenoTrack(uint32_t upid, uint32_t context, uint32_t prio);
  // A GPU tick count (19.2 MHz) in the trace clock, by the latest sync;
  // false if out of range.
  bool GpuTicksToTs(uint64_t ticks, int64_t* ts) const;

  TraceContext* ctx_;
  TraceStorage* storage_;
  // Open block requests: (dev, sector) -> slice row.
  std::map<std::pair<uint64_t, uint64_t>, uint32_t> open_block_io_;
  std::unordered_map<uint64_t, uint32_t> block_tracks_;
  // Queued command batches: (context, timestamp) -> process.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> queued_batches_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> adreno_tracks_;
  int64_t gpu_ticks_offset_ = 0;  // Trace time minus ticks in ns.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_DEVICE_EVENTS_H_
