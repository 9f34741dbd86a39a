// CpuCounters: the per-CPU counters kernel events set, with Perfetto's track
// names and types: frequency ("cpufreq", cpu_frequency), idle state
// ("cpuidle", cpu_idle; 4294967295 = leaving idle) and frequency limits
// ("Cpu N Max Freq Limit" / "Cpu N Min Freq Limit"). Shared by the
// protobuf and text ftrace importers.
#ifndef SRC_IMPORTERS_COMMON_CPU_COUNTERS_H_
#define SRC_IMPORTERS_COMMON_CPU_COUNTERS_H_

#include <cstdint>

#include "src/importers/common/trace_context.h"

namespace weft {

class CpuCounters {
 public:
  explicit CpuCounters(TraceContext* context);

  void AddFrequency(int64_t ts, uint32_t cpu, double value);
  void AddIdle(int64_t ts, uint32_t cpu, double value);
  void AddFrequencyLimits(int64_t ts, uint32_t cpu, double min, double max);

 private:
  void Add(int64_t ts, uint32_t cpu, StringId name, StringId type, double value);

  TraceContext* ctx_;
  StringId cpufreq_, cpufreq_type_, cpuidle_, cpuidle_type_, max_limit_type_,
      min_limit_type_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_CPU_COUNTERS_H_
