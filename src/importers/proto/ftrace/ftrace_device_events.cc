// FtraceDeviceEvents: kprobes, block I/O, Adreno command batches and vendor
// counters of protobuf ftrace traces.
#include "src/importers/proto/ftrace/ftrace_device_events.h"

#include <cstdint>
#include <string>
#include <string_view>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/block.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/kgsl.fields.h"
#include "protos/perfetto/trace/ftrace/kprobe.fields.h"
#include "protos/perfetto/trace/ftrace/sched.fields.h"
#include "protos/perfetto/trace/ftrace/thermal_exynos.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
namespace fe = pb::ftrace_event;

// The varint fields of a message by number (the events below have at most
// 15), and its first bytes field.
struct Fields {
  uint64_t value[16] = {};
  bool has[16] = {};
  std::string_view text;
};

Fields ReadFields(protozero::data_view body) {
  Fields f;
  protozero::pbf_reader r(body);
  while (r.next()) {
    if (r.wire_type() == kVarint && r.tag() < 16) {
      f.value[r.tag()] = r.get_uint64();
      f.has[r.tag()] = true;
    } else if (r.wire_type() == kBytes && f.text.empty()) {
      f.text = View(r.get_view());
    } else {
      r.skip();
    }
  }
  return f;
}

// Exynos thermal zones by tz_id (Pixel's gs101 layout).
const char* ThermalZoneName(uint64_t tz_id) {
  static const char* const kZones[] = {"BIG", "MID", "LITTLE", "GPU", "ISP", "TPU"};
  return tz_id < sizeof(kZones) / sizeof(kZones[0]) ? kZones[tz_id] : nullptr;
}

}  // namespace

FtraceDeviceEvents::FtraceDeviceEvents(TraceContext* context)
    : ctx_(context), storage_(context->storage) {}

bool FtraceDeviceEvents::Handles(uint32_t kind) {
  switch (kind) {
    case fe::kKprobeEvent:
    case fe::kBlockIoStart:
    case fe::kBlockIoDone:
    case fe::kKgslAdrenoCmdbatchQueued:
    case fe::kKgslAdrenoCmdbatchSync:
    case fe::kKgslAdrenoCmdbatchRetired:
    case fe::kSchedCpuUtilCfs:
    case fe::kThermalExynosAcpmBulk: return true;
    default: return false;
  }
}

void FtraceDeviceEvents::Parse(int64_t ts, int64_t tid, uint32_t kind,
                               protozero::data_view body) {
  switch (kind) {
    case fe::kKprobeEvent: ParseKprobe(ts, tid, body); break;
    case fe::kBlockIoStart: ParseBlockIo(ts, /*start=*/true, body); break;
    case fe::kBlockIoDone: ParseBlockIo(ts, /*start=*/false, body); break;
    case fe::kKgslAdrenoCmdbatchQueued: ParseAdrenoQueued(tid, body); break;
    case fe::kKgslAdrenoCmdbatchSync: ParseAdrenoSync(ts, body); break;
    case fe::kKgslAdrenoCmdbatchRetired: ParseAdrenoRetired(tid, body); break;
    case fe::kSchedCpuUtilCfs: ParseCpuUtilCfs(ts, body); break;
    case fe::kThermalExynosAcpmBulk: ParseThermalExynos(body); break;
    default: break;
  }
}

void FtraceDeviceEvents::ParseKprobe(int64_t ts, int64_t tid, protozero::data_view body) {
  namespace kp = pb::kprobe_event_ftrace_event;
  namespace type = pb::kprobe_event_ftrace_event_kprobe_type;
  Fields f = ReadFields(body);
  SliceInfo info;
  info.name = storage_->Intern(f.text);  // name, the only bytes field.
  uint32_t track = ctx_->tracks.ThreadTrack(ctx_->processes.GetOrCreateThread(tid));
  switch (f.value[kp::kType]) {
    case type::kBegin: ctx_->slices.Begin(track, ts, info); return;
    case type::kEnd: ctx_->slices.End(track, ts, {}); return;
    case type::kInstant: {
      Overlap overlap;
      ctx_->slices.Scoped(track, ts, 0, info, &overlap);
      return;
    }
    default: storage_->stats.Increment(Stat::ftrace_device_event_invalid);
  }
}

uint32_t FtraceDeviceEvents::BlockTrack(uint64_t dev) {
  auto [it, inserted] = block_tracks_.emplace(dev, 0);
  if (inserted) {
    StringId type = storage_->Intern("block_io");
    it->second = ctx_->tracks.NewAsyncTrack(Uint32Column::kNull, type, type);
    ArgsTable& args = storage_->args;
    uint32_t set = args.BeginSet();
    StringId key = storage_->Intern("block_device");
    args.AddInt(set, key, key, static_cast<int64_t>(dev));
    storage_->track.dimension_arg_set_id.Set(it->second, args.FinishSet());
  }
  return it->second;
}

void FtraceDeviceEvents::ParseBlockIo(int64_t ts, bool start, protozero::data_view body) {
  namespace bio = pb::block_io_start_ftrace_event;
  static_assert(bio::kDev == pb::block_io_done_ftrace_event::kDev &&
                    bio::kSector == pb::block_io_done_ftrace_event::kSector,
                "block_io_start and block_io_done share field numbers");
  Fields f = ReadFields(body);
  auto key = std::make_pair(f.value[bio::kDev], f.value[bio::kSector]);
  if (!start) {
    auto open = open_block_io_.find(key);
    if (open == open_block_io_.end()) return;  // Started before the trace.
    SliceTable& slice = storage_->slice;
    slice.dur.Set(open->second, ts - slice.ts[open->second]);
    open_block_io_.erase(open);
    return;
  }
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  StringId sector = storage_->Intern("sector");
  args.AddInt(set, sector, sector, static_cast<int64_t>(key.second));
  uint32_t arg_set = args.FinishSet();
  uint32_t row = storage_->slice.Insert(ts, -1, BlockTrack(key.first), kNullStringId,
                                        storage_->Intern("block_io"), 0, kNoSlice, arg_set);
  open_block_io_[key] = row;  // A repeated start replaces the open one.
}

void FtraceDeviceEvents::ParseAdrenoQueued(int64_t tid, protozero::data_view body) {
  namespace q = pb::kgsl_adreno_cmdbatch_queued_ftrace_event;
  Fields f = ReadFields(body);
  uint32_t utid = ctx_->processes.GetOrCreateThread(tid);
  queued_batches_[{static_cast<uint32_t>(f.value[q::kId]),
                   static_cast<uint32_t>(f.value[q::kTimestamp])}] = storage_->thread.upid[utid];
}

void FtraceDeviceEvents::ParseAdrenoSync(int64_t ts, protozero::data_view body) {
  namespace s = pb::kgsl_adreno_cmdbatch_sync_ftrace_event;
  Fields f = ReadFields(body);
  int64_t ticks_ts;
  gpu_ticks_offset_ = 0;
  if (!f.has[s::kTicks] || !GpuTicksToTs(f.value[s::kTicks], &ticks_ts)) {
    storage_->stats.Increment(Stat::ftrace_device_event_invalid);
    return;
  }
  gpu_ticks_offset_ = ts - ticks_ts;
}

bool FtraceDeviceEvents::GpuTicksToTs(uint64_t ticks, int64_t* ts) const {
  // ns = ticks * 1e9 / 19.2e6 = ticks * 625 / 12; a damaged count could
  // overflow.
  constexpr uint64_t kMaxTicks = uint64_t{1} << 52;  // ~7.4 years of ticks.
  if (ticks > kMaxTicks) return false;
  int64_t t = static_cast<int64_t>(ticks);
  *ts = t / 12 * 625 + t % 12 * 625 / 12 + gpu_ticks_offset_;
  return true;
}

uint32_t FtraceDeviceEvents::AdrenoTrack(uint32_t upid, uint32_t context, uint32_t prio) {
  auto [it, inserted] = adreno_tracks_.emplace(std::make_tuple(upid, context, prio), 0);
  if (inserted) {
    std::string process;
    if (upid != Uint32Column::kNull && storage_->process.name[upid] != kNullStringId) {
      process = std::string(storage_->pool().Get(storage_->process.name[upid]));
    }
    std::string name = "GPU " + process + " (Ctx=" + std::to_string(context) +
                       ", Prio=" + std::to_string(prio) + ")";
    it->second = ctx_->tracks.NewAsyncTrack(upid, storage_->Intern(name),
                                            storage_->Intern("adreno_gpu_cmdbatch"));
  }
  return it->second;
}

void FtraceDeviceEvents::ParseAdrenoRetired(int64_t tid, protozero::data_view body) {
  namespace r = pb::kgsl_adreno_cmdbatch_retired_ftrace_event;
  Fields f = ReadFields(body);
  auto batch = std::make_pair(static_cast<uint32_t>(f.value[r::kId]),
                              static_cast<uint32_t>(f.value[r::kTimestamp]));
  uint32_t upid;
  auto queued = queued_batches_.find(batch);
  if (queued != queued_batches_.end()) {
    upid = queued->second;
    queued_batches_.erase(queued);
  } else {
    upid = storage_->thread.upid[ctx_->processes.GetOrCreateThread(tid)];
  }
  int64_t start, end;
  if (!GpuTicksToTs(f.value[r::kStart], &start) || !GpuTicksToTs(f.value[r::kRetire], &end) ||
      end < start) {
    storage_->stats.Increment(Stat::ftrace_device_event_invalid);
    return;
  }
  uint32_t track = AdrenoTrack(upid, batch.first, static_cast<uint32_t>(f.value[r::kPrio]));
  storage_->slice.Insert(start, end - start, track, kNullStringId, storage_->Intern("GPU"), 0,
                         kNoSlice, Uint32Column::kNull);
}

void FtraceDeviceEvents::ParseCpuUtilCfs(int64_t ts, protozero::data_view body) {
  namespace cfs = pb::sched_cpu_util_cfs_ftrace_event;
  Fields f = ReadFields(body);
  uint32_t cpu = static_cast<uint32_t>(f.value[cfs::kCpu]);
  std::string prefix = "Cpu " + std::to_string(cpu);
  auto add = [&](const char* suffix, const char* type, uint64_t value) {
    uint32_t track = ctx_->tracks.CpuCounterTrack(cpu, storage_->Intern(prefix + suffix),
                                                  storage_->Intern(type));
    storage_->counter.Insert(ts, track, static_cast<double>(value), Uint32Column::kNull);
  };
  add(" Util", "cpu_utilization", f.value[cfs::kCpuUtil]);
  add(" Cap", "cpu_capacity", f.value[cfs::kCapacity]);
  add(" Nr Running", "cpu_nr_running", f.value[cfs::kNrRunning]);
}

void FtraceDeviceEvents::ParseThermalExynos(protozero::data_view body) {
  namespace th = pb::thermal_exynos_acpm_bulk_ftrace_event;
  Fields f = ReadFields(body);
  const char* zone = ThermalZoneName(f.value[th::kTzId]);
  if (!zone) return;  // A zone weft has no name for: raw row only.
  if (f.value[th::kTimestamp] > static_cast<uint64_t>(INT64_MAX)) {
    storage_->stats.Increment(Stat::ftrace_device_event_invalid);
    return;
  }
  uint32_t track = ctx_->tracks.GlobalCounterTrack(
      storage_->Intern(std::string(zone) + " Temperature"), storage_->Intern("thermal_temperature"));
  storage_->counter.Insert(static_cast<int64_t>(f.value[th::kTimestamp]), track,
                           static_cast<double>(f.value[th::kCurrentTemp]), Uint32Column::kNull);
}

}  // namespace weft
