// CpuCounters: per-CPU counter tracks and their values.
#include "src/importers/common/cpu_counters.h"

#include <string>

namespace weft {

CpuCounters::CpuCounters(TraceContext* context)
    : ctx_(context),
      cpufreq_(context->storage->Intern("cpufreq")),
      cpufreq_type_(context->storage->Intern("cpu_frequency")),
      cpuidle_(context->storage->Intern("cpuidle")),
      cpuidle_type_(context->storage->Intern("cpu_idle")),
      max_limit_type_(context->storage->Intern("cpu_max_frequency_limit")),
      min_limit_type_(context->storage->Intern("cpu_min_frequency_limit")) {}

void CpuCounters::Add(int64_t ts, uint32_t cpu, StringId name, StringId type, double value) {
  uint32_t track = ctx_->tracks.CpuCounterTrack(cpu, name, type);
  ctx_->storage->counter.Insert(ts, track, value, Uint32Column::kNull);
}

void CpuCounters::AddFrequency(int64_t ts, uint32_t cpu, double value) {
  Add(ts, cpu, cpufreq_, cpufreq_type_, value);
}

void CpuCounters::AddIdle(int64_t ts, uint32_t cpu, double value) {
  Add(ts, cpu, cpuidle_, cpuidle_type_, value);
}

void CpuCounters::AddFrequencyLimits(int64_t ts, uint32_t cpu, double min, double max) {
  std::string prefix = "Cpu " + std::to_string(cpu);
  TraceStorage* storage = ctx_->storage;
  Add(ts, cpu, storage->Intern(prefix + " Max Freq Limit"), max_limit_type_, max);
  Add(ts, cpu, storage->Intern(prefix + " Min Freq Limit"), min_limit_type_, min);
}

}  // namespace weft
