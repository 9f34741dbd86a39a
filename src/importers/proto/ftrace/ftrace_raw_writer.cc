// FtraceRawWriter: the raw table rows of protobuf ftrace events.
#include "src/importers/proto/ftrace/ftrace_raw_writer.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/ftrace.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/power.fields.h"
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
  auto [it, inserted] = name_ids_.emplace(kind, kNullStringId);
  if (inserted) {
    const EventDescriptor* d = FindDescriptor(kind);
    it->second = ctx_->storage->Intern(d ? d->name : "ftrace_event_" + std::to_string(kind));
  }
  return it->second;
}

StringId FtraceRawWriter::KeyId(uint32_t kind, uint32_t field) {
  auto [it, inserted] = key_ids_.emplace((uint64_t{kind} << 32) | field, kNullStringId);
  if (inserted) it->second = ctx_->storage->Intern(FieldKey(FindDescriptor(kind), field));
  return it->second;
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
