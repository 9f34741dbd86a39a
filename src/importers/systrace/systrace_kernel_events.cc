// SystraceParser: the kernel events shared with the protobuf importer
// through common trackers: binder transactions, interrupt handlers and
// suspend / resume phases.
#include "src/importers/systrace/systrace_parser.h"

namespace weft {

bool SystraceParser::ParseKernelEvent(const SystraceLine& line) {
  std::string_view e = line.event;
  if (e == "binder_transaction") return ParseBinderTransaction(line);
  if (e == "binder_transaction_received") {
    int64_t id = 0;
    if (!FindSystraceIntArg(line.args, "transaction", &id)) return false;
    binder_.PushReceived(line.ts, line.pid, id);
    return true;
  }
  if (e == "binder_command" || e == "binder_return") {
    uint64_t cmd = 0;
    if (!FindSystraceHexArg(line.args, "cmd", &cmd)) return false;
    if (e == "binder_command") {
      binder_.PushCommand(line.pid, static_cast<uint32_t>(cmd));
    } else {
      binder_.PushReturn(line.ts, line.pid, static_cast<uint32_t>(cmd));
    }
    return true;
  }
  if (e == "irq_handler_entry" || e == "irq_handler_exit" || e == "softirq_entry" ||
      e == "softirq_exit") {
    return ParseIrq(line);
  }
  if (e == "suspend_resume") return ParseSuspendResume(line);
  return true;
}

bool SystraceParser::ParseBinderTransaction(const SystraceLine& line) {
  // transaction=5149 dest_node=5143 dest_proc=521383 dest_thread=0 reply=0
  // flags=0x0 code=0x3
  BinderTracker::Transaction t;
  t.ts = line.ts;
  t.tid = line.pid;
  int64_t reply = 0;
  uint64_t flags = 0;
  if (!FindSystraceIntArg(line.args, "transaction", &t.id) ||
      !FindSystraceIntArg(line.args, "dest_node", &t.dest_node) ||
      !FindSystraceIntArg(line.args, "dest_proc", &t.dest_tgid) ||
      !FindSystraceIntArg(line.args, "dest_thread", &t.dest_tid) ||
      !FindSystraceIntArg(line.args, "reply", &reply) ||
      !FindSystraceHexArg(line.args, "flags", &flags) ||
      !FindSystraceArg(line.args, "code", &t.code)) {
    return false;
  }
  t.is_reply = reply != 0;
  t.flags = static_cast<uint32_t>(flags);
  binder_.PushTransaction(t);
  return true;
}

bool SystraceParser::ParseIrq(const SystraceLine& line) {
  std::string_view e = line.event;
  if (e == "irq_handler_entry") {
    // irq=27 name=arch_timer
    std::string_view name;
    if (!FindSystraceArg(line.args, "name", &name)) return false;
    irq_.IrqEntry(line.ts, line.cpu, name);
    return true;
  }
  if (e == "irq_handler_exit") {
    // irq=27 ret=handled
    std::string_view ret;
    if (!FindSystraceArg(line.args, "ret", &ret)) return false;
    irq_.IrqExit(line.ts, line.cpu, ret == "handled");
    return true;
  }
  // vec=1 [action=TIMER]
  int64_t vec = 0;
  if (!FindSystraceIntArg(line.args, "vec", &vec) || vec < 0 || vec > 0xffff) return false;
  if (e == "softirq_entry") {
    irq_.SoftIrqEntry(line.ts, line.cpu, static_cast<uint32_t>(vec));
  } else {
    irq_.SoftIrqExit(line.ts, line.cpu, static_cast<uint32_t>(vec));
  }
  return true;
}

bool SystraceParser::ParseSuspendResume(const SystraceLine& line) {
  // "suspend_enter[3] begin" / "suspend_enter[3] end"
  std::string_view a = line.args;
  size_t open = a.find('[');
  size_t close = a.find(']', open == std::string_view::npos ? 0 : open);
  if (open == std::string_view::npos || close == std::string_view::npos || close <= open + 1) {
    return false;
  }
  std::string_view phase = a.substr(close + 1);
  while (!phase.empty() && phase.front() == ' ') phase.remove_prefix(1);
  int64_t val = 0;
  std::string val_arg = "val=" + std::string(a.substr(open + 1, close - open - 1));
  if (!FindSystraceIntArg(val_arg, "val", &val)) return false;
  bool start = phase.substr(0, 5) == "begin";
  if (!start && phase.substr(0, 3) != "end") return false;
  suspend_resume_.Push(line.ts, a.substr(0, open), val, start);
  return true;
}

}  // namespace weft
