// FtraceRawWriter: the raw table rows of protobuf ftrace events.
#include "src/importers/proto/ftrace/ftrace_raw_writer.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/ftrace.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/block.fields.h"
#include "protos/perfetto/trace/ftrace/kgsl.fields.h"
#include "protos/perfetto/trace/ftrace/kprobe.fields.h"
#include "protos/perfetto/trace/ftrace/power.fields.h"
#include "protos/perfetto/trace/ftrace/raw_syscalls.fields.h"
#include "protos/perfetto/trace/ftrace/thermal_exynos.fields.h"
#include "protos/perfetto/trace/ftrace/sched.fields.h"
#include "protos/perfetto/trace/ftrace/task.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

struct FieldName {
  uint32_t field;
  const char* name;
};

// An event's name and its fields' names (the kernel's, as in the protos).
struct EventDescriptor {
  uint32_t event;
  const char* name;
  std::vector<FieldName> fields;
};

const std::vector<EventDescriptor>& Descriptors() {
  namespace fe = pb::ftrace_event;
  namespace ss = pb::sched_switch_ftrace_event;
  namespace wk = pb::sched_wakeup_ftrace_event;
  namespace freq = pb::cpu_frequency_ftrace_event;
  namespace sr = pb::suspend_resume_ftrace_event;
  namespace nt = pb::task_newtask_ftrace_event;
  namespace tr = pb::task_rename_ftrace_event;
  // sched_wakeup, sched_waking and sched_wakeup_new share field numbers
  // (static_assert in ftrace_parser.cc), as do cpu_frequency and cpu_idle.
  const std::vector<FieldName> wakeup = {{wk::kComm, "comm"}, {wk::kPid, "pid"},
                                         {wk::kPrio, "prio"}, {wk::kSuccess, "success"},
                                         {wk::kTargetCpu, "target_cpu"}};
  namespace se = pb::sys_enter_ftrace_event;
  namespace sx = pb::sys_exit_ftrace_event;
  namespace kp = pb::kprobe_event_ftrace_event;
  namespace bio = pb::block_io_start_ftrace_event;  // block_io_done: the same.
  namespace aq = pb::kgsl_adreno_cmdbatch_queued_ftrace_event;
  namespace as = pb::kgsl_adreno_cmdbatch_sync_ftrace_event;
  namespace ar = pb::kgsl_adreno_cmdbatch_retired_ftrace_event;
  namespace cfs = pb::sched_cpu_util_cfs_ftrace_event;
  namespace th = pb::thermal_exynos_acpm_bulk_ftrace_event;
  const std::vector<FieldName> block_io = {
      {bio::kDev, "dev"},     {bio::kSector, "sector"}, {bio::kNrSector, "nr_sector"},
      {bio::kBytes, "bytes"}, {bio::kIoprio, "ioprio"}, {bio::kRwbs, "rwbs"},
      {bio::kComm, "comm"},   {bio::kCmd, "cmd"}};
  const std::vector<FieldName> cpu_state = {{freq::kState, "state"}, {freq::kCpuId, "cpu_id"}};
  static const std::vector<EventDescriptor> descriptors = {
      {fe::kPrint, "print", {{pb::print_ftrace_event::kIp, "ip"},
                             {pb::print_ftrace_event::kBuf, "buf"}}},
      {fe::kSchedSwitch, "sched_switch",
       {{ss::kPrevComm, "prev_comm"}, {ss::kPrevPid, "prev_pid"}, {ss::kPrevPrio, "prev_prio"},
        {ss::kPrevState, "prev_state"}, {ss::kNextComm, "next_comm"},
        {ss::kNextPid, "next_pid"}, {ss::kNextPrio, "next_prio"}}},
      {fe::kSchedWakeup, "sched_wakeup", wakeup},
      {fe::kSchedWaking, "sched_waking", wakeup},
      {fe::kSchedWakeupNew, "sched_wakeup_new", wakeup},
      {fe::kCpuFrequency, "cpu_frequency", cpu_state},
      {fe::kCpuIdle, "cpu_idle", cpu_state},
      {fe::kSuspendResume, "suspend_resume",
       {{sr::kAction, "action"}, {sr::kVal, "val"}, {sr::kStart, "start"}}},
      {fe::kTaskNewtask, "task_newtask",
       {{nt::kPid, "pid"}, {nt::kComm, "comm"}, {nt::kCloneFlags, "clone_flags"},
        {nt::kOomScoreAdj, "oom_score_adj"}}},
      {fe::kTaskRename, "task_rename",
       {{tr::kPid, "pid"}, {tr::kOldcomm, "oldcomm"}, {tr::kNewcomm, "newcomm"},
        {tr::kOomScoreAdj, "oom_score_adj"}}},
      {fe::kSysEnter, "sys_enter", {{se::kId, "id"}, {se::kArgs, "args"}}},
      {fe::kSysExit, "sys_exit", {{sx::kId, "id"}, {sx::kRet, "ret"}}},
      {fe::kKprobeEvent, "kprobe_event", {{kp::kName, "name"}, {kp::kType, "type"}}},
      {fe::kBlockIoStart, "block_io_start", block_io},
      {fe::kBlockIoDone, "block_io_done", block_io},
      {fe::kKgslAdrenoCmdbatchQueued, "kgsl_adreno_cmdbatch_queued",
       {{aq::kId, "id"}, {aq::kTimestamp, "timestamp"}, {aq::kQueued, "queued"},
        {aq::kFlags, "flags"}, {aq::kPrio, "prio"}}},
      {fe::kKgslAdrenoCmdbatchSync, "kgsl_adreno_cmdbatch_sync",
       {{as::kId, "id"}, {as::kTimestamp, "timestamp"}, {as::kTicks, "ticks"},
        {as::kPrio, "prio"}}},
      {fe::kKgslAdrenoCmdbatchRetired, "kgsl_adreno_cmdbatch_retired",
       {{ar::kId, "id"}, {ar::kTimestamp, "timestamp"}, {ar::kInflight, "inflight"},
        {ar::kRecovery, "recovery"}, {ar::kFlags, "flags"}, {ar::kStart, "start"},
        {ar::kRetire, "retire"}, {ar::kPrio, "prio"}}},
      {fe::kSchedCpuUtilCfs, "sched_cpu_util_cfs",
       {{cfs::kActive, "active"}, {cfs::kCapacity, "capacity"},
        {cfs::kCapacityOrig, "capacity_orig"}, {cfs::kCpu, "cpu"},
        {cfs::kCpuImportance, "cpu_importance"}, {cfs::kCpuUtil, "cpu_util"},
        {cfs::kExitLat, "exit_lat"}, {cfs::kGroupCapacity, "group_capacity"},
        {cfs::kGrpOverutilized, "grp_overutilized"}, {cfs::kIdleCpu, "idle_cpu"},
        {cfs::kNrRunning, "nr_running"}, {cfs::kSpareCap, "spare_cap"},
        {cfs::kTaskFits, "task_fits"}, {cfs::kWakeGroupUtil, "wake_group_util"},
        {cfs::kWakeUtil, "wake_util"}}},
      {fe::kThermalExynosAcpmBulk, "thermal_exynos_acpm_bulk",
       {{th::kTzId, "tz_id"}, {th::kCurrentTemp, "current_temp"},
        {th::kCtrlTemp, "ctrl_temp"}, {th::kTimestamp, "timestamp"}}},
  };
  return descriptors;
}

const EventDescriptor* FindDescriptor(uint32_t event) {
  for (const EventDescriptor& d : Descriptors()) {
    if (d.event == event) return &d;
  }
  return nullptr;
}

std::string FieldKey(const EventDescriptor* d, uint32_t field) {
  if (d) {
    for (const FieldName& f : d->fields) {
      if (f.field == field) return f.name;
    }
  }
  return "field_" + std::to_string(field);
}

}  // namespace

void FtraceRawWriter::ReadFields(protozero::data_view body) {
  fields_.clear();
  protozero::pbf_reader r(body);
  while (r.next()) {
    switch (r.wire_type()) {
      case kVarint: fields_.push_back({r.tag(), false, r.get_int64(), {}}); break;
      case kBytes: fields_.push_back({r.tag(), true, 0, View(r.get_view())}); break;
      case protozero::pbf_wire_type::fixed64:
        fields_.push_back({r.tag(), false, static_cast<int64_t>(r.get_fixed64()), {}});
        break;
      case protozero::pbf_wire_type::fixed32:
        fields_.push_back({r.tag(), false, static_cast<int64_t>(r.get_fixed32()), {}});
        break;
      default: r.skip();
    }
  }
}

StringId FtraceRawWriter::NameId(uint32_t kind) {
  if (kind >= kDirectKinds) {
    auto [it, inserted] = name_ids_.emplace(kind, kNullStringId);
    if (inserted) it->second = InternName(kind);
    return it->second;
  }
  if (direct_name_ids_.empty()) direct_name_ids_.assign(kDirectKinds, kNullStringId);
  StringId& id = direct_name_ids_[kind];
  if (id == kNullStringId) id = InternName(kind);
  return id;
}

StringId FtraceRawWriter::KeyId(uint32_t kind, uint32_t field) {
  if (kind >= kDirectKinds || field >= kDirectFields) {
    auto [it, inserted] = key_ids_.emplace((uint64_t{kind} << 32) | field, kNullStringId);
    if (inserted) it->second = InternKey(kind, field);
    return it->second;
  }
  if (direct_key_ids_.empty()) direct_key_ids_.resize(kDirectKinds);
  std::vector<StringId>& ids = direct_key_ids_[kind];
  if (ids.empty()) ids.assign(kDirectFields, kNullStringId);
  StringId& id = ids[field];
  if (id == kNullStringId) id = InternKey(kind, field);
  return id;
}

StringId FtraceRawWriter::InternName(uint32_t kind) {
  const EventDescriptor* d = FindDescriptor(kind);
  return ctx_->storage->Intern(d ? d->name : "ftrace_event_" + std::to_string(kind));
}

StringId FtraceRawWriter::InternKey(uint32_t kind, uint32_t field) {
  return ctx_->storage->Intern(FieldKey(FindDescriptor(kind), field));
}

void FtraceRawWriter::Write(int64_t ts, uint32_t cpu, int64_t tid, uint32_t utid,
                            uint32_t common_flags, uint32_t kind, protozero::data_view body) {
  ReadFields(body);  // May throw: nothing added yet.
  TraceStorage* storage = ctx_->storage;
  uint32_t args = 0;
  if (!fields_.empty()) {
    ArgsTable& table = storage->args;
    args = table.BeginSet();
    for (const Field& f : fields_) {
      StringId key = KeyId(kind, f.number);
      if (f.is_string) {
        table.AddString(args, key, key, storage->Intern(f.text));
      } else {
        table.AddInt(args, key, key, f.value);
      }
    }
    args = table.FinishSet();
  }
  if (utid == Uint32Column::kNull) utid = ctx_->processes.GetOrCreateThread(tid);
  storage->ftrace_event.Insert(ts, NameId(kind), cpu, utid, args, common_flags,
                               ctx_->GetOrCreateCpu(cpu));
}

}  // namespace weft
