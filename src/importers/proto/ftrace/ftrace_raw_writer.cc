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
#include "protos/perfetto/trace/ftrace/cgroup.fields.h"
#include "protos/perfetto/trace/ftrace/kmem.fields.h"
#include "protos/perfetto/trace/ftrace/oom.fields.h"
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

// How a field's varint becomes an arg: an int, as Perfetto's uint (its
// unsigned proto fields; weft marks them for the events added since), or a
// kernel address shown as its interned symbol when the trace has one.
// kString marks the string fields of a complete event (below).
enum class FieldKind : uint8_t { kInt, kUint, kKernelSymbol, kString };

struct FieldName {
  uint32_t field;
  const char* name;
  FieldKind kind = FieldKind::kInt;
};

// An event's name and its fields' names (the kernel's, as in the protos).
// |complete|: every field gets an arg, in this order, 0 or "" when the
// event leaves it out (Perfetto writes sched_switch's args so).
struct EventDescriptor {
  uint32_t event;
  const char* name;
  std::vector<FieldName> fields;
  bool complete = false;
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
  namespace br = pb::sched_blocked_reason_ftrace_event;
  namespace cg = pb::cgroup_attach_task_ftrace_event;
  namespace kf = pb::kfree_ftrace_event;
  namespace km = pb::kmalloc_ftrace_event;
  namespace oom = pb::oom_score_adj_update_ftrace_event;
  namespace fge = pb::funcgraph_entry_ftrace_event;
  namespace fgx = pb::funcgraph_exit_ftrace_event;
  constexpr FieldKind kUint = FieldKind::kUint;
  constexpr FieldKind kSymbol = FieldKind::kKernelSymbol;
  static const std::vector<EventDescriptor> descriptors = {
      {fe::kPrint, "print", {{pb::print_ftrace_event::kIp, "ip"},
                             {pb::print_ftrace_event::kBuf, "buf"}}},
      {fe::kSchedSwitch, "sched_switch",
       {{ss::kPrevComm, "prev_comm", FieldKind::kString}, {ss::kPrevPid, "prev_pid"},
        {ss::kPrevPrio, "prev_prio"}, {ss::kPrevState, "prev_state"},
        {ss::kNextComm, "next_comm", FieldKind::kString}, {ss::kNextPid, "next_pid"},
        {ss::kNextPrio, "next_prio"}},
       /*complete=*/true},
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
      {fe::kSchedBlockedReason, "sched_blocked_reason",
       {{br::kPid, "pid"}, {br::kCaller, "caller", kSymbol}, {br::kIoWait, "io_wait", kUint}}},
      {fe::kCgroupAttachTask, "cgroup_attach_task",
       {{cg::kDstRoot, "dst_root"}, {cg::kDstId, "dst_id"}, {cg::kPid, "pid"},
        {cg::kComm, "comm"}, {cg::kCname, "cname"}, {cg::kDstLevel, "dst_level"},
        {cg::kDstPath, "dst_path"}}},
      {fe::kKfree, "kfree", {{kf::kCallSite, "call_site", kUint}, {kf::kPtr, "ptr", kUint}}},
      {fe::kKmalloc, "kmalloc",
       {{km::kBytesAlloc, "bytes_alloc", kUint}, {km::kBytesReq, "bytes_req", kUint},
        {km::kCallSite, "call_site", kUint}, {km::kGfpFlags, "gfp_flags", kUint},
        {km::kPtr, "ptr", kUint}}},
      {fe::kOomScoreAdjUpdate, "oom_score_adj_update",
       {{oom::kComm, "comm"}, {oom::kOomScoreAdj, "oom_score_adj"}, {oom::kPid, "pid"}}},
      {fe::kMarkVictim, "mark_victim", {{pb::mark_victim_ftrace_event::kPid, "pid"}}},
      {fe::kFuncgraphEntry, "funcgraph_entry",
       {{fge::kDepth, "depth"}, {fge::kFunc, "func", kSymbol}}},
      {fe::kFuncgraphExit, "funcgraph_exit",
       {{fgx::kCalltime, "calltime", kUint}, {fgx::kDepth, "depth"}, {fgx::kFunc, "func", kSymbol},
        {fgx::kOverrun, "overrun", kUint}, {fgx::kRettime, "rettime", kUint}}},
      {fe::kThermalExynosAcpmBulk, "thermal_exynos_acpm_bulk",
       {{th::kTzId, "tz_id"}, {th::kCurrentTemp, "current_temp"},
        {th::kCtrlTemp, "ctrl_temp"}, {th::kTimestamp, "timestamp"}}},
  };
  return descriptors;
}

// By event number: looked up for every event (CompleteFields).
const EventDescriptor* FindDescriptor(uint32_t event) {
  static const std::vector<const EventDescriptor*> by_event = [] {
    std::vector<const EventDescriptor*> index;
    for (const EventDescriptor& d : Descriptors()) {
      if (d.event >= index.size()) index.resize(d.event + 1);
      index[d.event] = &d;
    }
    return index;
  }();
  return event < by_event.size() ? by_event[event] : nullptr;
}

// Whether the event has a field shown as a kernel symbol: its args then
// depend on the sequence's interned symbols, not on its bytes alone.
bool HasSymbolField(uint32_t event) {
  static const std::vector<bool> by_event = [] {
    std::vector<bool> index;
    for (const EventDescriptor& d : Descriptors()) {
      if (d.event >= index.size()) index.resize(d.event + 1);
      for (const FieldName& f : d.fields) {
        if (f.kind == FieldKind::kKernelSymbol) index[d.event] = true;
      }
    }
    return index;
  }();
  return event < by_event.size() && by_event[event];
}

const FieldName* FindField(const EventDescriptor* d, uint32_t field) {
  if (d) {
    for (const FieldName& f : d->fields) {
      if (f.field == field) return &f;
    }
  }
  return nullptr;
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

FtraceRawWriter::Key FtraceRawWriter::KeyOf(uint32_t kind, uint32_t field) {
  if (kind >= kDirectKinds || field >= kDirectFields) {
    auto [it, inserted] = keys_.emplace((uint64_t{kind} << 32) | field, Key{});
    if (inserted) it->second = MakeKey(kind, field);
    return it->second;
  }
  if (direct_keys_.empty()) direct_keys_.resize(kDirectKinds);
  std::vector<Key>& keys = direct_keys_[kind];
  if (keys.empty()) keys.assign(kDirectFields, Key{});
  Key& key = keys[field];
  if (key.id == kNullStringId) key = MakeKey(kind, field);
  return key;
}

StringId FtraceRawWriter::InternName(uint32_t kind) {
  const EventDescriptor* d = FindDescriptor(kind);
  return ctx_->storage->Intern(d ? d->name : "ftrace_event_" + std::to_string(kind));
}

FtraceRawWriter::Key FtraceRawWriter::MakeKey(uint32_t kind, uint32_t field) {
  const FieldName* f = FindField(FindDescriptor(kind), field);
  Key key;
  key.id = ctx_->storage->Intern(f ? f->name : "field_" + std::to_string(field));
  key.is_unsigned = f && f->kind == FieldKind::kUint;
  key.is_symbol = f && f->kind == FieldKind::kKernelSymbol;
  return key;
}

void FtraceRawWriter::CompleteFields(uint32_t kind) {
  const EventDescriptor* d = FindDescriptor(kind);
  if (!d || !d->complete) return;
  // The descriptor's fields, 0 or "" until the event's own (the last one
  // of a repeated field) replaces them.
  const std::vector<FieldName>& names = d->fields;
  ordered_.resize(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    ordered_[i] = {names[i].field, names[i].kind == FieldKind::kString, 0, {}};
  }
  for (const Field& f : fields_) {
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i].field == f.number) {
        ordered_[i] = f;
        break;
      }
    }
  }
  fields_.swap(ordered_);
}

uint32_t FtraceRawWriter::WriteArgs(uint32_t kind, protozero::data_view body,
                                    const IidMap<StringId>* kernel_symbols) {
  if (HasSymbolField(kind)) return AddArgs(kind, body, kernel_symbols);
  ArgsTable& table = ctx_->storage->args;
  const FtraceArgsMemo::Known* known = memo_.Find(kind, body);
  if (known && table.ShareIfCached(known->set, known->rows_hash)) return known->set;
  uint32_t set = AddArgs(kind, body, kernel_symbols);
  uint64_t hash = 0;
  if (set != 0 && table.LastFinishHash(&hash)) memo_.Remember(kind, body, {set, hash});
  return set;
}

uint32_t FtraceRawWriter::AddArgs(uint32_t kind, protozero::data_view body,
                                  const IidMap<StringId>* kernel_symbols) {
  ReadFields(body);  // May throw: nothing added yet.
  CompleteFields(kind);
  if (fields_.empty()) return 0;
  ArgsTable& table = ctx_->storage->args;
  uint32_t args = table.BeginSet();
  for (const Field& f : fields_) {
    Key key = KeyOf(kind, f.number);
    const StringId* symbol = key.is_symbol && kernel_symbols
                                 ? kernel_symbols->Find(static_cast<uint64_t>(f.value))
                                 : nullptr;
    if (f.is_string) {
      table.AddString(args, key.id, key.id, strings_.Intern(f.text));
    } else if (symbol) {
      table.AddString(args, key.id, key.id, *symbol);
    } else if (key.is_unsigned || key.is_symbol) {
      table.AddUint(args, key.id, key.id, static_cast<uint64_t>(f.value));
    } else {
      table.AddInt(args, key.id, key.id, f.value);
    }
  }
  return table.FinishSet();
}

void FtraceRawWriter::Write(int64_t ts, uint32_t cpu, int64_t tid, uint32_t utid,
                            uint32_t common_flags, uint32_t kind, protozero::data_view body,
                            const IidMap<StringId>* kernel_symbols) {
  uint32_t args = WriteArgs(kind, body, kernel_symbols);  // May throw: nothing added yet.
  if (utid == Uint32Column::kNull) utid = ctx_->processes.GetOrCreateThread(tid);
  ctx_->storage->ftrace_event.Insert(ts, NameId(kind), cpu, utid, args, common_flags,
                                     ctx_->GetOrCreateCpu(cpu));
}

}  // namespace weft
