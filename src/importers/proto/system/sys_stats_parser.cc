// SysStatsParser: SysStats fields into counter tracks.
#include "src/importers/proto/system/sys_stats_parser.h"

#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/android/initial_display_state.fields.h"
#include "protos/perfetto/trace/sys_stats/sys_stats.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
using Dim = SystemCounterTracks;  // Dim::Int(), Dim::Str(): dimension args.

void SysStatsParser::Parse(int64_t ts, protozero::data_view bytes, uint32_t machine) {
  namespace ss = pb::sys_stats;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ss::kCpuStat, kBytes): ParseCpuTimes(ts, r.get_view(), machine); break;
      case tag_and_type(ss::kDiskStat, kBytes): ParseDiskStat(ts, r.get_view(), machine); break;
      case tag_and_type(ss::kThermalZone, kBytes):
        ParseThermalZone(ts, r.get_view(), machine);
        break;
      case tag_and_type(ss::kCpuidleState, kBytes):
        ParseCpuIdleState(ts, r.get_view(), machine);
        break;
      case tag_and_type(ss::kGpufreqMhz, kVarint):
      case tag_and_type(ss::kGpufreqMhz, kBytes): {
        std::vector<uint64_t> mhz;
        ReadRepeatedUint64(&r, /*fixed=*/false, &mhz);
        uint32_t track = tracks_.Get(machine, "gpufreq", {"gpu_frequency", nullptr, std::nullopt},
                                     {Dim::Int("gpu", 0)});
        for (uint64_t v : mhz) tracks_.Push(ts, track, static_cast<double>(v));
        break;
      }
      default: r.skip();
    }
  }
}

void SysStatsParser::ParseCpuTimes(int64_t ts, protozero::data_view bytes, uint32_t machine) {
  namespace ct = pb::sys_stats_cpu_times;
  // The modes, by field number (user_ns = 2 ... steal_ns = 9).
  static constexpr const char* kModes[] = {"user_ns",    "user_nice_ns", "system_mode_ns",
                                           "idle_ns",    "io_wait_ns",   "irq_ns",
                                           "softirq_ns", "steal_ns"};
  static_assert(ct::kStealNs - ct::kUserNs + 1 == std::size(kModes));
  std::optional<uint32_t> cpu;
  uint64_t values[std::size(kModes)] = {};
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    uint32_t tag = r.tag();
    if (r.wire_type() != kVarint) {
      r.skip();
    } else if (tag == ct::kCpuId) {
      cpu = r.get_uint32();
    } else if (tag >= ct::kUserNs && tag <= ct::kStealNs) {
      values[tag - ct::kUserNs] = r.get_uint64();
    } else {
      r.skip();
    }
  }
  if (!cpu) {
    storage_->stats.Increment(Stat::invalid_cpu_times);
    return;
  }
  for (size_t i = 0; i < std::size(kModes); ++i) {
    std::string name = std::string("cpu.times.") + kModes[i];
    uint32_t track = tracks_.Get(machine, name, {"cpustat", nullptr, cpu},
                                 {Dim::Int("cpu", *cpu), Dim::Str("cpustat_key", kModes[i])});
    tracks_.Push(ts, track, static_cast<double>(values[i]));
  }
}

void SysStatsParser::ParseDiskStat(int64_t ts, protozero::data_view bytes, uint32_t machine) {
  namespace ds = pb::sys_stats_disk_stat;
  std::string_view device;
  DiskSample now;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ds::kDeviceName, kBytes): device = View(r.get_view()); break;
      case tag_and_type(ds::kReadSectors, kVarint): now.read_sectors = r.get_uint64(); break;
      case tag_and_type(ds::kReadTimeMs, kVarint): now.read_ms = r.get_uint64(); break;
      case tag_and_type(ds::kWriteSectors, kVarint): now.write_sectors = r.get_uint64(); break;
      case tag_and_type(ds::kWriteTimeMs, kVarint): now.write_ms = r.get_uint64(); break;
      case tag_and_type(ds::kDiscardSectors, kVarint): now.discard_sectors = r.get_uint64(); break;
      case tag_and_type(ds::kDiscardTimeMs, kVarint): now.discard_ms = r.get_uint64(); break;
      case tag_and_type(ds::kFlushCount, kVarint): now.flush_count = r.get_uint64(); break;
      case tag_and_type(ds::kFlushTimeMs, kVarint): now.flush_ms = r.get_uint64(); break;
      default: r.skip();
    }
  }
  auto [it, first] = disks_.emplace(std::make_pair(machine, storage_->Intern(device)), now);
  if (first) return;  // The counters are cumulative: a value needs two samples.
  DiskSample prev = it->second;
  it->second = now;

  // /proc/diskstats counts 512-byte sectors.
  constexpr double kSectorsPerMb = 2048.0;
  auto delta = [](uint64_t a, uint64_t b) { return static_cast<double>(int64_t(a - b)); };
  auto mb = [&](uint64_t a, uint64_t b) { return delta(a, b) / kSectorsPerMb; };
  auto per_second = [](double amount, double ms) { return ms == 0 ? 0 : amount * 1000.0 / ms; };
  auto push = [&](const char* counter, const char* unit, double value) {
    std::string name = "diskstat.[" + std::string(device) + "]." + counter;
    uint32_t track = tracks_.Get(machine, name, {"diskstat", unit, std::nullopt},
                                 {Dim::Str("device_name", device), Dim::Str("counter_name", counter)});
    tracks_.Push(ts, track, value);
  };
  double read = mb(now.read_sectors, prev.read_sectors);
  double write = mb(now.write_sectors, prev.write_sectors);
  double discard = mb(now.discard_sectors, prev.discard_sectors);
  push("read_amount", "MB", read);
  push("read_throughput", "MB/s", per_second(read, delta(now.read_ms, prev.read_ms)));
  push("write_amount", "MB", write);
  push("write_throughput", "MB/s", per_second(write, delta(now.write_ms, prev.write_ms)));
  push("discard_amount", "MB", discard);
  push("discard_throughput", "MB/s", per_second(discard, delta(now.discard_ms, prev.discard_ms)));
  push("flush_amount", "count", delta(now.flush_count, prev.flush_count));
  push("flush_time", "ms", delta(now.flush_ms, prev.flush_ms));
}

void SysStatsParser::ParseThermalZone(int64_t ts, protozero::data_view bytes, uint32_t machine) {
  namespace tz = pb::sys_stats_thermal_zone;
  std::string_view type;
  uint64_t temp = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(tz::kType, kBytes): type = View(r.get_view()); break;
      case tag_and_type(tz::kTemp, kVarint): temp = r.get_uint64(); break;
      default: r.skip();
    }
  }
  uint32_t track = tracks_.Get(machine, type, {"thermal_temperature_sys", "C", std::nullopt},
                               {Dim::Str("thermal_zone", type)});
  tracks_.Push(ts, track, static_cast<double>(temp));
}

void SysStatsParser::ParseCpuIdleState(int64_t ts, protozero::data_view bytes, uint32_t machine) {
  namespace cs = pb::sys_stats_cpu_idle_state;
  namespace ce = pb::sys_stats_cpu_idle_state_entry;
  uint32_t cpu = 0;
  protozero::pbf_reader r(bytes);
  while (r.next(cs::kCpuId, kVarint)) cpu = r.get_uint32();
  protozero::pbf_reader entries(bytes);
  while (entries.next(cs::kCpuidleStateEntry, kBytes)) {
    std::string_view state;
    uint64_t duration_us = 0;
    protozero::pbf_reader e(entries.get_view());
    while (e.next()) {
      switch (e.tag_and_type()) {
        case tag_and_type(ce::kState, kBytes): state = View(e.get_view()); break;
        case tag_and_type(ce::kDurationUs, kVarint): duration_us = e.get_uint64(); break;
        default: e.skip();
      }
    }
    std::string name = "cpuidle" + std::to_string(cpu) + "." + std::string(state);
    uint32_t track = tracks_.Get(machine, name, {"cpu_idle_state", "us", cpu},
                                 {Dim::Int("cpu", cpu), Dim::Str("state", state)});
    tracks_.Push(ts, track, static_cast<double>(duration_us));
  }
}

void SysStatsParser::ParseInitialDisplayState(int64_t ts, protozero::data_view bytes,
                                              uint32_t machine) {
  namespace ids = pb::initial_display_state;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(ids::kDisplayState, kVarint)) {
      uint32_t track = tracks_.Get(machine, "ScreenState", {"screen_state", nullptr, std::nullopt}, {});
      tracks_.Push(ts, track, static_cast<double>(r.get_int32()));
    } else {
      r.skip();
    }
  }
}

}  // namespace weft
