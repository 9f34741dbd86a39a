// ProcessTreeParser: one pass over processes, then threads.
#include "src/importers/proto/ftrace/process_tree_parser.h"

#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ps/process_tree.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
constexpr int64_t kKthreaddPid = 2;

}  // namespace

ProcessTreeParser::ProcessTreeParser(TraceContext* context, const ClockTracker* clocks)
    : ctx_(context), clocks_(clocks), key_is_kthread_(context->storage->Intern("is_kthread")) {}

std::string_view ProcessTreeParser::WorkerName(std::string_view name) {
  constexpr std::string_view kPrefix = "kworker/";
  if (name.substr(0, kPrefix.size()) != kPrefix) return name;
  size_t end = name.find_first_of("+-", kPrefix.size());
  return end == std::string_view::npos ? name : name.substr(0, end);
}

void ProcessTreeParser::Parse(protozero::data_view tree) {
  namespace pt = pb::process_tree;
  // Processes first, as their threads may come before them in the message.
  std::vector<protozero::data_view> threads;
  protozero::pbf_reader r(tree);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(pt::kProcesses, kBytes): ParseProcess(r.get_view()); break;
      case tag_and_type(pt::kThreads, kBytes): threads.push_back(r.get_view()); break;
      default: r.skip();
    }
  }
  for (protozero::data_view t : threads) ParseThread(t);
}

void ProcessTreeParser::ParseProcess(protozero::data_view bytes) {
  namespace p = pb::process_tree_process;
  int64_t pid = 0, ppid = 0, uid = 0;
  bool has_uid = false, has_start = false, has_kthread = false, kthread = false;
  bool cmdline_is_comm = false;
  uint64_t start_from_boot = 0;
  std::vector<std::string_view> argv;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(p::kPid, kVarint): pid = r.get_int32(); break;
      case tag_and_type(p::kPpid, kVarint): ppid = r.get_int32(); break;
      case tag_and_type(p::kCmdline, kBytes): argv.push_back(View(r.get_view())); break;
      case tag_and_type(p::kUid, kVarint): uid = r.get_int32(); has_uid = true; break;
      case tag_and_type(p::kProcessStartFromBoot, kVarint):
        start_from_boot = r.get_uint64();
        has_start = true;
        break;
      case tag_and_type(p::kIsKthread, kVarint): kthread = r.get_bool(); has_kthread = true; break;
      case tag_and_type(p::kCmdlineIsComm, kVarint): cmdline_is_comm = r.get_bool(); break;
      default: r.skip();
    }
  }
  if (argv.empty()) return;  // Perfetto skips processes without a cmdline.
  TraceStorage* storage = ctx_->storage;
  std::string_view name = argv[0];
  std::string cmdline;
  if (ppid == kKthreaddPid) {
    kthreadd_children_.insert(pid);
    name = WorkerName(name);
  }
  if (name.size() != argv[0].size()) {
    cmdline.assign(name);  // A kworker: its full comm is transient.
  } else {
    // One element holding spaces: a cmdline rewritten with spaces as
    // separators; its first word names the process.
    if (argv.size() == 1) name = name.substr(0, name.find(' '));
    for (size_t i = 0; i < argv.size(); ++i) {
      if (i) cmdline.push_back(' ');
      cmdline.append(argv[i]);
    }
  }
  ProcessTracker& processes = ctx_->processes;
  // pid 0 is the idle process, upid 0.
  uint32_t parent = ppid == 0 ? 0 : processes.GetOrCreateProcess(ppid);
  uint32_t upid = processes.GetOrCreateProcess(pid);
  ProcessTable& table = storage->process;
  processes.SetParentIfUnset(upid, parent);
  processes.SetProcessName(upid, storage->Intern(name));
  StringId cmdline_id = storage->Intern(cmdline);
  table.cmdline.Set(upid, cmdline_id);
  if (cmdline_is_comm) {
    processes.SetThreadName(processes.UpdateThread(pid, pid), cmdline_id,
                            ThreadNamePriority::kProcessTree);
  }
  if (has_uid) processes.SetProcessUid(upid, uid);
  if (has_start && start_from_boot <= static_cast<uint64_t>(INT64_MAX) &&
      table.start_ts.IsNull(upid)) {
    std::optional<int64_t> ts =
        clocks_->ToTraceTimeReadOnly(ClockTracker::kBoottime, static_cast<int64_t>(start_from_boot));
    if (ts) table.start_ts.Set(upid, *ts);
  }
  if (has_kthread) processes.AddProcessArg(upid, key_is_kthread_, ArgType::kBool, kthread);
}

void ProcessTreeParser::ParseThread(protozero::data_view bytes) {
  namespace t = pb::process_tree_thread;
  int64_t tid = 0, tgid = 0;
  bool has_name = false;
  std::string_view name;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(t::kTid, kVarint): tid = r.get_int32(); break;
      case tag_and_type(t::kTgid, kVarint): tgid = r.get_int32(); break;
      case tag_and_type(t::kName, kBytes): name = View(r.get_view()); has_name = true; break;
      default: r.skip();
    }
  }
  uint32_t utid = ctx_->processes.UpdateThread(tid, tgid);
  if (!has_name) return;
  if (kthreadd_children_.count(tgid)) name = WorkerName(name);
  ctx_->processes.SetThreadName(utid, ctx_->storage->Intern(name),
                                ThreadNamePriority::kProcessTree);
}

}  // namespace weft
