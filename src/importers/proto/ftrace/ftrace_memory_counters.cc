// FtraceMemoryCounters: rss_stat and ion_stat into counters.
#include "src/importers/proto/ftrace/ftrace_memory_counters.h"

#include <iterator>
#include <optional>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/ftrace/ftrace_event.fields.h"
#include "protos/perfetto/trace/ftrace/ion.fields.h"
#include "protos/perfetto/trace/ftrace/kmem.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace fe = pb::ftrace_event;

namespace {

// rss_stat members (the kernel's MM_* counters), then the name of any other.
constexpr const char* kRssMembers[] = {"mem.rss.file", "mem.rss.anon", "mem.swap",
                                       "mem.rss.shmem", "mem.rss.unknown"};
constexpr size_t kRssUnknown = std::size(kRssMembers) - 1;

}  // namespace

bool FtraceMemoryCounters::Handles(uint32_t kind) {
  return kind == fe::kRssStat || kind == fe::kIonStat;
}

bool FtraceMemoryCounters::Parse(int64_t ts, int64_t tid, uint32_t kind,
                                 protozero::data_view body) {
  switch (kind) {
    case fe::kRssStat: ParseRssStat(ts, tid, body); return true;
    case fe::kIonStat: ParseIonStat(ts, tid, body); return true;
    default: return false;
  }
}

void FtraceMemoryCounters::ParseRssStat(int64_t ts, int64_t tid, protozero::data_view body) {
  namespace rs = pb::rss_stat_ftrace_event;
  int64_t member = 0, size = 0;
  bool curr = false;
  std::optional<uint32_t> mm_id;
  protozero::pbf_reader r(body);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(rs::kMember, kVarint): member = r.get_int32(); break;
      case tag_and_type(rs::kSize, kVarint): size = r.get_int64(); break;
      case tag_and_type(rs::kCurr, kVarint): curr = r.get_uint32() != 0; break;
      case tag_and_type(rs::kMmId, kVarint): mm_id = r.get_uint32(); break;
      default: r.skip();
    }
  }
  TraceStorage* s = ctx_->storage;
  if (member < 0 || static_cast<size_t>(member) >= kRssUnknown) {
    s->stats.Increment(Stat::rss_stat_unknown_keys);
    member = kRssUnknown;
  }
  if (size < 0) {
    s->stats.Increment(Stat::rss_stat_negative_size);
    return;
  }
  uint32_t utid = mm_id ? ThreadOfMm(*mm_id, curr, tid) : ctx_->processes.GetOrCreateThread(tid);
  if (utid == Uint32Column::kNull) {
    s->stats.Increment(Stat::rss_stat_unknown_thread_for_mm_id);
    return;
  }
  uint32_t upid = s->thread.upid[utid];
  if (upid == Uint32Column::kNull) {
    s->stats.Increment(Stat::memory_counter_without_process);
    return;
  }
  uint32_t track = ctx_->tracks.ProcessCounterTrack(upid, s->Intern(kRssMembers[member]),
                                                    s->Intern("process_memory"));
  s->counter.Insert(ts, track, static_cast<double>(size), Uint32Column::kNull);
}

uint32_t FtraceMemoryCounters::ThreadOfMm(uint32_t mm_id, bool curr, int64_t tid) {
  if (curr) {
    uint32_t utid = ctx_->processes.GetOrCreateThread(tid);
    utid_by_mm_[mm_id] = utid;
    return utid;
  }
  // Another task's mm_struct (e.g. a parent during fork): its owner's,
  // unless that task is gone (its mm_struct went with it).
  auto it = utid_by_mm_.find(mm_id);
  if (it == utid_by_mm_.end()) return Uint32Column::kNull;
  if (!ctx_->storage->thread.end_ts.IsNull(it->second)) {
    utid_by_mm_.erase(it);
    return Uint32Column::kNull;
  }
  return it->second;
}

void FtraceMemoryCounters::ParseIonStat(int64_t ts, int64_t tid, protozero::data_view body) {
  namespace is = pb::ion_stat_ftrace_event;
  int64_t len = 0;
  uint64_t total = 0;
  protozero::pbf_reader r(body);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(is::kLen, kVarint): len = r.get_int64(); break;
      case tag_and_type(is::kTotalAllocated, kVarint): total = r.get_uint64(); break;
      default: r.skip();
    }
  }
  TraceStorage* s = ctx_->storage;
  StringId type = s->Intern("ion");
  uint32_t global = ctx_->tracks.GlobalCounterTrack(s->Intern("mem.ion"), type);
  s->counter.Insert(ts, global, static_cast<double>(total), Uint32Column::kNull);
  uint32_t utid = ctx_->processes.GetOrCreateThread(tid);
  uint32_t change = ThreadCounterTrack(utid, s->Intern("mem.ion_change"));
  s->counter.Insert(ts, change, static_cast<double>(len), Uint32Column::kNull);
}

uint32_t FtraceMemoryCounters::ThreadCounterTrack(uint32_t utid, StringId name) {
  auto [it, inserted] = ion_change_tracks_.emplace(utid, 0);
  if (!inserted) return it->second;
  TraceStorage* s = ctx_->storage;
  TrackTable::Row row;
  row.name = name;
  row.type = s->Intern("ion_change");
  row.event_type = TrackEventType::kCounter;
  row.utid = utid;
  it->second = s->track.Insert(row, s->Intern("counter"));
  return it->second;
}

}  // namespace weft
