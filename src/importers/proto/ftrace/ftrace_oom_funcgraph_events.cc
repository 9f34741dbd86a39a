// FtraceParser: the OOM killer's events and the function_graph tracer's, as
// Perfetto reads them.
// - oom_score_adj_update: the process counter "oom_score_adj" of `pid`.
// - mark_victim: a zero-duration slice "mem.oom_kill" on the victim
//   thread's track (Perfetto's `instant` view shows it).
// - funcgraph_entry / funcgraph_exit: a slice named by the function's
//   interned kernel symbol on the writer thread's track (the idle task's
//   are left out).
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/ftrace.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/oom.fields.h"
#include "src/importers/proto/ftrace/ftrace_parser.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace fe = pb::ftrace_event;

bool FtraceParser::IsOomOrFuncgraphEvent(uint32_t kind) {
  return kind == fe::kOomScoreAdjUpdate || kind == fe::kMarkVictim ||
         kind == fe::kFuncgraphEntry || kind == fe::kFuncgraphExit;
}

bool FtraceParser::ParseOomOrFuncgraphEvent(int64_t ts, int64_t tid, uint32_t kind,
                                            protozero::data_view body) {
  switch (kind) {
    case fe::kOomScoreAdjUpdate: ParseOomScoreAdj(ts, body); return true;
    case fe::kMarkVictim: ParseMarkVictim(ts, body); return true;
    case fe::kFuncgraphEntry:
    case fe::kFuncgraphExit: ParseFuncgraph(ts, tid, kind == fe::kFuncgraphEntry, body); return true;
    default: return false;
  }
}

void FtraceParser::ParseOomScoreAdj(int64_t ts, protozero::data_view body) {
  namespace oom = pb::oom_score_adj_update_ftrace_event;
  int64_t pid = 0, adj = 0;
  protozero::pbf_reader r(body);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(oom::kPid, kVarint): pid = r.get_int32(); break;
      case tag_and_type(oom::kOomScoreAdj, kVarint): adj = r.get_int32(); break;
      default: r.skip();
    }
  }
  uint32_t upid = ctx_->processes.GetOrCreateProcess(pid);
  StringId name = storage_->Intern("oom_score_adj");
  uint32_t track = ctx_->tracks.ProcessCounterTrack(upid, name, name);
  storage_->counter.Insert(ts, track, static_cast<double>(adj), Uint32Column::kNull);
}

void FtraceParser::ParseMarkVictim(int64_t ts, protozero::data_view body) {
  int64_t pid = 0;
  protozero::pbf_reader r(body);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(pb::mark_victim_ftrace_event::kPid, kVarint)) {
      pid = r.get_int32();
    } else {
      r.skip();
    }
  }
  uint32_t utid = ctx_->processes.GetOrCreateThread(pid);
  SliceInfo info;
  info.name = storage_->Intern("mem.oom_kill");
  Overlap overlap;
  ctx_->slices.Scoped(ctx_->tracks.ThreadTrack(utid), ts, 0, info, &overlap);
}

void FtraceParser::ParseFuncgraph(int64_t ts, int64_t tid, bool entry,
                                  protozero::data_view body) {
  namespace in = pb::funcgraph_entry_ftrace_event;
  namespace out = pb::funcgraph_exit_ftrace_event;
  uint64_t func = 0;
  uint32_t func_field = entry ? in::kFunc : out::kFunc;
  protozero::pbf_reader r(body);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(func_field, kVarint)) {
      func = r.get_uint64();
    } else {
      r.skip();
    }
  }
  if (tid == 0) return;  // The idle task: Perfetto keeps per-cpu tracks.
  SliceInfo info;
  info.name = KernelSymbol(func);
  uint32_t track = ctx_->tracks.ThreadTrack(ctx_->processes.GetOrCreateThread(tid));
  if (entry) {
    ctx_->slices.Begin(track, ts, info);
  } else {
    ctx_->slices.End(track, ts, info);
  }
}

StringId FtraceParser::KernelSymbol(uint64_t address) const {
  const StringId* name = generation_ ? generation_->kernel_symbols.Find(address) : nullptr;
  return name ? *name : kNullStringId;
}

}  // namespace weft
