// FtraceParser: the kernel events shared with the text importer through
// common trackers: binder transactions, interrupt handlers, suspend /
// resume phases and wakeup sources.
#include <cstdio>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/binder.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/irq.fields.h"
#include "protos/perfetto/trace/ftrace/power.fields.h"
#include "src/importers/proto/ftrace/ftrace_parser.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace fe = pb::ftrace_event;

bool FtraceParser::IsKernelEvent(uint32_t kind) {
  switch (kind) {
    case fe::kBinderTransaction:
    case fe::kBinderTransactionReceived:
    case fe::kIrqHandlerEntry:
    case fe::kIrqHandlerExit:
    case fe::kSoftirqEntry:
    case fe::kSoftirqExit:
    case fe::kSuspendResume:
    case fe::kWakeupSourceActivate:
    case fe::kWakeupSourceDeactivate: return true;
    default: return FtraceMemoryCounters::Handles(kind) || IsOomOrFuncgraphEvent(kind);
  }
}

bool FtraceParser::ParseKernelEvent(int64_t ts, uint32_t cpu, int64_t tid, uint32_t kind,
                                    protozero::data_view body) {
  switch (kind) {
    case fe::kBinderTransaction: ParseBinderTransaction(ts, tid, body); return true;
    case fe::kBinderTransactionReceived: {
      namespace rcv = pb::binder_transaction_received_ftrace_event;
      int64_t id = 0;
      protozero::pbf_reader r(body);
      while (r.next()) {
        if (r.tag_and_type() == tag_and_type(rcv::kDebugId, kVarint)) {
          id = r.get_int32();
        } else {
          r.skip();
        }
      }
      binder_.PushReceived(ts, tid, id);
      return true;
    }
    case fe::kIrqHandlerEntry:
    case fe::kIrqHandlerExit:
    case fe::kSoftirqEntry:
    case fe::kSoftirqExit: ParseIrq(ts, cpu, kind, body); return true;
    case fe::kSuspendResume: ParseSuspendResume(ts, body); return true;
    case fe::kWakeupSourceActivate:
    case fe::kWakeupSourceDeactivate: ParseWakeupSource(ts, kind, body); return true;
    default:
      return memory_.Parse(ts, tid, kind, body) || ParseOomOrFuncgraphEvent(ts, tid, kind, body);
  }
}

void FtraceParser::ParseBinderTransaction(int64_t ts, int64_t tid, protozero::data_view body) {
  namespace bt = pb::binder_transaction_ftrace_event;
  BinderTracker::Transaction t;
  t.ts = ts;
  t.tid = tid;
  uint32_t code = 0;
  protozero::pbf_reader r(body);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(bt::kDebugId, kVarint): t.id = r.get_int32(); break;
      case tag_and_type(bt::kTargetNode, kVarint): t.dest_node = r.get_int32(); break;
      case tag_and_type(bt::kToProc, kVarint): t.dest_tgid = r.get_int32(); break;
      case tag_and_type(bt::kToThread, kVarint): t.dest_tid = r.get_int32(); break;
      case tag_and_type(bt::kReply, kVarint): t.is_reply = r.get_int32() != 0; break;
      case tag_and_type(bt::kCode, kVarint): code = r.get_uint32(); break;
      case tag_and_type(bt::kFlags, kVarint): t.flags = r.get_uint32(); break;
      default: r.skip();
    }
  }
  char code_text[16];  // As the text format prints it: "0x3".
  snprintf(code_text, sizeof(code_text), "0x%x", code);
  t.code = code_text;
  binder_.PushTransaction(t);
}

void FtraceParser::ParseIrq(int64_t ts, uint32_t cpu, uint32_t kind, protozero::data_view body) {
  // irq_handler_entry: irq 1, name 2; irq_handler_exit: irq 1, ret 2;
  // softirq_entry / softirq_exit: vec 1.
  namespace hard_entry = pb::irq_handler_entry_ftrace_event;
  namespace hard_exit = pb::irq_handler_exit_ftrace_event;
  namespace soft = pb::softirq_entry_ftrace_event;
  static_assert(soft::kVec == pb::softirq_exit_ftrace_event::kVec, "softirq vec numbers");
  std::string_view name;
  int64_t ret = 0;
  uint32_t vec = 0;
  protozero::pbf_reader r(body);
  while (r.next()) {
    if (kind == fe::kIrqHandlerEntry &&
        r.tag_and_type() == tag_and_type(hard_entry::kName, kBytes)) {
      name = View(r.get_view());
    } else if (kind == fe::kIrqHandlerExit &&
               r.tag_and_type() == tag_and_type(hard_exit::kRet, kVarint)) {
      ret = r.get_int32();
    } else if ((kind == fe::kSoftirqEntry || kind == fe::kSoftirqExit) &&
               r.tag_and_type() == tag_and_type(soft::kVec, kVarint)) {
      vec = r.get_uint32();
    } else {
      r.skip();
    }
  }
  switch (kind) {
    case fe::kIrqHandlerEntry: irq_.IrqEntry(ts, cpu, name); return;
    case fe::kIrqHandlerExit: irq_.IrqExit(ts, cpu, ret == 1); return;  // IRQ_HANDLED
    case fe::kSoftirqEntry: irq_.SoftIrqEntry(ts, cpu, vec); return;
    default: irq_.SoftIrqExit(ts, cpu, vec); return;
  }
}

void FtraceParser::ParseSuspendResume(int64_t ts, protozero::data_view body) {
  namespace sr = pb::suspend_resume_ftrace_event;
  std::string_view action;
  int64_t val = 0;
  bool start = false;
  protozero::pbf_reader r(body);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(sr::kAction, kBytes): action = View(r.get_view()); break;
      case tag_and_type(sr::kVal, kVarint): val = r.get_int32(); break;
      case tag_and_type(sr::kStart, kVarint): start = r.get_uint32() != 0; break;
      default: r.skip();
    }
  }
  suspend_resume_.Push(ts, action, val, start);
}

void FtraceParser::ParseWakeupSource(int64_t ts, uint32_t kind, protozero::data_view body) {
  namespace ws = pb::wakeup_source_activate_ftrace_event;
  static_assert(ws::kName == pb::wakeup_source_deactivate_ftrace_event::kName,
                "wakeup source name numbers");
  std::string_view name;
  protozero::pbf_reader r(body);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(ws::kName, kBytes)) {
      name = View(r.get_view());
    } else {
      r.skip();
    }
  }
  if (kind == fe::kWakeupSourceActivate) {
    wakesources_.Activate(ts, name);
  } else {
    wakesources_.Deactivate(ts, name);
  }
}

}  // namespace weft
