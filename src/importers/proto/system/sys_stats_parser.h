// SysStatsParser: TracePacket.sys_stats, counters polled from /proc and
// /sys, into counter tracks named and typed as in Perfetto:
// - cpu_stat: "cpu.times.<mode>_ns" (type cpustat, per cpu);
// - disk_stat: "diskstat.[<dev>].<counter>" (type diskstat): amounts (MB),
//   throughputs (MB/s), flush count and time, each the change since the
//   device's previous sample (so the first sample makes no value);
// - thermal_zone: "<zone type>" (type thermal_temperature_sys, unit C);
// - cpuidle_state: "cpuidle<cpu>.<state>" (type cpu_idle_state, unit us);
// - gpufreq_mhz: "gpufreq" (type gpu_frequency).
// Also TracePacket.initial_display_state: the display state at the start
// of the trace, a value of the counter "ScreenState" (type screen_state).
#ifndef SRC_IMPORTERS_PROTO_SYSTEM_SYS_STATS_PARSER_H_
#define SRC_IMPORTERS_PROTO_SYSTEM_SYS_STATS_PARSER_H_

#include <cstdint>
#include <map>
#include <utility>

#include <protozero/data_view.hpp>

#include "src/importers/proto/system/system_counter_tracks.h"
#include "src/storage/trace_storage.h"

namespace weft {

class SysStatsParser {
 public:
  explicit SysStatsParser(TraceStorage* storage) : storage_(storage), tracks_(storage) {}
  // A SysStats packet at |ts| from machine table row |machine|.
  void Parse(int64_t ts, protozero::data_view sys_stats, uint32_t machine);
  void ParseInitialDisplayState(int64_t ts, protozero::data_view state, uint32_t machine);

 private:
  // The cumulative counters of /proc/diskstats at a device's last sample.
  struct DiskSample {
    uint64_t read_sectors = 0, write_sectors = 0, discard_sectors = 0, flush_count = 0;
    uint64_t read_ms = 0, write_ms = 0, discard_ms = 0, flush_ms = 0;
  };
  void ParseCpuTimes(int64_t ts, protozero::data_view bytes, uint32_t machine);
  void ParseDiskStat(int64_t ts, protozero::data_view bytes, uint32_t machine);
  void ParseThermalZone(int64_t ts, protozero::data_view bytes, uint32_t machine);
  void ParseCpuIdleState(int64_t ts, protozero::data_view bytes, uint32_t machine);

  TraceStorage* storage_;
  SystemCounterTracks tracks_;
  std::map<std::pair<uint32_t, StringId>, DiskSample> disks_;  // By (machine, device).
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SYSTEM_SYS_STATS_PARSER_H_
