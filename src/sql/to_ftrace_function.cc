// to_ftrace: the prefix from the row's thread, then the event's fields,
// with Perfetto's layouts for the events that have one.
#include "src/sql/to_ftrace_function.h"

#include <cinttypes>
#include <cstdio>
#include <string_view>

#include "src/importers/common/task_state.h"

namespace weft {
namespace {

// An arg set being rendered: its args looked up by key.
class ArgWriter {
 public:
  ArgWriter(const TraceStorage& storage, uint32_t set, std::string* out)
      : storage_(storage), args_(storage.args), set_(set), out_(out) {}

  // The row of the arg |key|, or -1.
  int64_t Find(std::string_view key) const {
    StringId id = storage_.pool().Find(key);
    if (set_ == Uint32Column::kNull || id == kNullStringId) return -1;
    return args_.FindArg(set_, id);
  }
  // " key=value" for the arg |key| (shown as |label| when given), if set.
  void Field(std::string_view key, std::string_view label = {}) {
    int64_t row = Find(key);
    if (row >= 0) Pair(label.empty() ? key : label, static_cast<uint32_t>(row));
  }
  void Pair(std::string_view label, uint32_t row) {
    out_->append(" ").append(label).append("=");
    if (label == "gfp_flags") return GfpFlags(row);
    Value(row);
  }
  // The value of the arg |key| alone (nothing if unset).
  void ValueOf(std::string_view key) {
    int64_t row = Find(key);
    if (row >= 0) Value(static_cast<uint32_t>(row));
  }
  void Value(uint32_t row) {
    int64_t raw = args_.raw_value(row);
    char buf[32];
    switch (args_.value_type(row)) {
      case ArgType::kInt: snprintf(buf, sizeof(buf), "%" PRId64, raw); break;
      case ArgType::kUint:
      case ArgType::kPointer:
        snprintf(buf, sizeof(buf), "%" PRIu64, static_cast<uint64_t>(raw));
        break;
      case ArgType::kReal: snprintf(buf, sizeof(buf), "%g", args_.real_value(row)); break;
      case ArgType::kBool: snprintf(buf, sizeof(buf), "%s", raw ? "true" : "false"); break;
      case ArgType::kString:
      case ArgType::kJson:
        out_->append(storage_.pool().Get(static_cast<StringId>(raw)));
        return;
      case ArgType::kNull: snprintf(buf, sizeof(buf), "[NULL]"); break;
    }
    out_->append(buf);
  }
  // A kernel function: its symbol when the trace named it, else hex.
  void KernelFunction(std::string_view key) {
    int64_t row = Find(key);
    if (row < 0) return;
    out_->append(" ").append(key).append("=");
    if (args_.value_type(static_cast<uint32_t>(row)) == ArgType::kString) {
      return Value(static_cast<uint32_t>(row));
    }
    char buf[24];
    snprintf(buf, sizeof(buf), "%" PRIx64,
             static_cast<uint64_t>(args_.raw_value(static_cast<uint32_t>(row))));
    out_->append(buf);
  }
  // Every arg, in the set's order.
  void All() {
    if (set_ == Uint32Column::kNull) return;
    uint32_t first = 0;
    uint32_t count = args_.RowsOfSet(set_, &first);
    for (uint32_t row = first; row < first + count; ++row) {
      Pair(storage_.pool().Get(args_.key[row]), row);
    }
  }
  std::string* out() { return out_; }

 private:
  // GFP_NOWAIT is no flag set; other masks are shown as numbers (Perfetto
  // decodes them by kernel version).
  void GfpFlags(uint32_t row) {
    if (args_.raw_value(row) == 0) {
      out_->append("GFP_NOWAIT");
    } else {
      Value(row);
    }
  }

  const TraceStorage& storage_;
  const ArgsTable& args_;
  uint32_t set_;
  std::string* out_;
};

KernelVersion TraceKernelVersion(const TraceStorage& storage) {
  KernelVersion version;
  const MachineTable& machines = storage.machine;
  if (machines.row_count() > 0 && machines.release[0] != kNullStringId) {
    ParseKernelVersion(storage.pool().Get(machines.release[0]), &version);
  }
  return version;
}

void SchedSwitchFields(const TraceStorage& storage, ArgWriter* w) {
  w->Field("prev_comm");
  w->Field("prev_pid");
  w->Field("prev_prio");
  int64_t state = w->Find("prev_state");
  if (state >= 0) {
    uint64_t raw = static_cast<uint64_t>(storage.args.raw_value(static_cast<uint32_t>(state)));
    w->out()->append(" prev_state=").append(TaskStateFromRaw(raw, TraceKernelVersion(storage)));
  }
  w->out()->append(" ==>");
  w->Field("next_comm");
  w->Field("next_pid");
  w->Field("next_prio");
}

// The event's fields; false for an event without a layout of its own.
bool SpecialFields(const TraceStorage& storage, std::string_view event, ArgWriter* w) {
  if (event == "sched_switch") {
    SchedSwitchFields(storage, w);
  } else if (event == "sched_wakeup") {
    w->Field("comm");
    w->Field("pid");
    w->Field("prio");
    int64_t cpu = w->Find("target_cpu");
    if (cpu >= 0) {
      char buf[32];
      snprintf(buf, sizeof(buf), " target_cpu=%03" PRId64,
               storage.args.raw_value(static_cast<uint32_t>(cpu)));
      w->out()->append(buf);
    }
  } else if (event == "print") {
    int64_t row = w->Find("buf");
    if (row >= 0) {
      std::string_view buf =
          storage.pool().Get(static_cast<StringId>(storage.args.raw_value(static_cast<uint32_t>(row))));
      if (!buf.empty() && buf.back() == '\n') buf.remove_suffix(1);
      w->out()->append(" ").append(buf);
    }
  } else if (event == "sched_blocked_reason") {
    w->Field("pid");
    w->Field("io_wait", "iowait");
    w->KernelFunction("caller");
  } else if (event == "cgroup_attach_task") {
    w->Field("dst_root");
    w->Field("dst_id");
    w->Field("cname", "cgroup");
    w->Field("dst_level");
    w->Field("dst_path");
    w->Field("pid");
    w->Field("comm");
  } else {
    return false;
  }
  return true;
}

void AppendPrefix(const TraceStorage& storage, uint32_t row, std::string* out) {
  const FtraceEventTable& raw = storage.ftrace_event;
  uint32_t utid = raw.utid[row];
  int64_t tid = 0, tgid = 0;
  std::string_view name;
  if (utid < storage.thread.row_count()) {
    tid = storage.thread.tid[utid];
    if (storage.thread.name[utid] != kNullStringId) name = storage.pool().Get(storage.thread.name[utid]);
    uint32_t upid = storage.thread.upid[utid];
    if (upid != Uint32Column::kNull) tgid = storage.process.pid[upid];
  }
  if (tid == 0) {
    name = "<idle>";
  } else if (name.empty()) {
    name = "<unknown>";
  }
  if (name.size() < 16) out->append(16 - name.size(), ' ');
  for (char c : name) out->push_back(c == '-' ? '_' : c);
  char buf[96];
  int tid_chars = snprintf(buf, sizeof(buf), "-%" PRId64, tid) - 1;
  out->append(buf);
  if (tid_chars < 5) out->append(static_cast<size_t>(5 - tid_chars), ' ');
  if (tgid == 0) {
    out->append(" (-----)");
  } else {
    snprintf(buf, sizeof(buf), " (%5" PRId64 ")", tgid);
    out->append(buf);
  }
  int64_t ts = raw.ts[row];
  snprintf(buf, sizeof(buf), " [%03u] .... %" PRId64 ".%06" PRId64 ":", raw.cpu[row],
           ts / 1000000000, (ts % 1000000000) / 1000);
  out->append(buf);
}

void ToFtrace(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto* storage = static_cast<const TraceStorage*>(sqlite3_user_data(ctx));
  int64_t id = sqlite3_value_int64(argv[0]);
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER || id < 0 ||
      id >= storage->ftrace_event.row_count()) {
    sqlite3_result_error(ctx, "to_ftrace: no ftrace_event row with this id", -1);
    return;
  }
  std::string line = FtraceEventLine(*storage, static_cast<uint32_t>(id));
  sqlite3_result_text(ctx, line.data(), static_cast<int>(line.size()), SQLITE_TRANSIENT);
}

}  // namespace

std::string FtraceEventLine(const TraceStorage& storage, uint32_t row) {
  std::string out;
  AppendPrefix(storage, row, &out);
  std::string_view event = storage.pool().Get(storage.ftrace_event.name[row]);
  // Markers are shown as the kernel's tracing_mark_write event.
  bool marker = event == "print" || event == "g2d_tracing_mark_write" ||
                event == "dpu_tracing_mark_write";
  out.append(" ").append(marker ? "tracing_mark_write" : event).append(":");
  ArgWriter writer(storage, storage.ftrace_event.arg_set_id[row], &out);
  if (!SpecialFields(storage, event, &writer)) writer.All();
  return out;
}

Status RegisterToFtraceFunction(sqlite3* db, const TraceStorage* storage) {
  if (sqlite3_create_function_v2(db, "to_ftrace", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                 const_cast<TraceStorage*>(storage), ToFtrace, nullptr, nullptr,
                                 nullptr) != SQLITE_OK) {
    return Status::Error("cannot register to_ftrace");
  }
  return Status::Ok();
}

}  // namespace weft
