// AtracePrintParser: atrace marker syntax and the slices, counters and async
// tracks the markers make.
#include "src/importers/common/atrace_print_parser.h"

#include <cstdlib>
#include <string>

#include "src/importers/common/android_global_counters.h"

namespace weft {
namespace {

// The next '|'-separated part of |rest| (all of it if there is no '|').
std::string_view NextPart(std::string_view* rest) {
  size_t bar = rest->find('|');
  std::string_view part = rest->substr(0, bar);
  *rest = bar == std::string_view::npos ? std::string_view() : rest->substr(bar + 1);
  return part;
}

bool ParseInt(std::string_view s, int64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  std::string copy(s);
  char* end = nullptr;
  long long v = strtoll(copy.c_str(), &end, 10);
  if (*end != '\0') return false;
  *out = v;
  return true;
}

bool ParseDouble(std::string_view s, double* out) {
  if (s.empty() || s.size() > 64) return false;
  std::string copy(s);
  char* end = nullptr;
  double v = strtod(copy.c_str(), &end);
  if (*end != '\0') return false;
  *out = v;
  return true;
}

}  // namespace

AtracePrintParser::AtracePrintParser(TraceContext* context)
    : ctx_(context), storage_(context->storage) {
  atrace_counter_ = storage_->Intern("atrace_counter");
  atrace_async_ = storage_->Intern("atrace_async_slice");
}

uint32_t AtracePrintParser::ThreadOf(int64_t tid, bool has_tgid, int64_t tgid) {
  if (!has_tgid) return ctx_->processes.GetThread(tid);
  return ctx_->processes.UpdateThread(tid, tgid);
}

void AtracePrintParser::ParsePrint(int64_t ts, int64_t tid, std::string_view buf) {
  // A marker is one line; the kernel keeps the writer's trailing newline.
  while (!buf.empty() && (buf.back() == '\n' || buf.back() == '\0')) buf.remove_suffix(1);
  if (buf.size() < 1 || (buf.size() > 1 && buf[1] != '|')) {
    storage_->stats.Increment(Stat::systrace_parse_failure);
    return;
  }
  char kind = buf[0];
  std::string_view rest = buf.size() > 2 ? buf.substr(2) : std::string_view();
  int64_t tgid = 0;
  bool has_tgid = !rest.empty();
  if (has_tgid && !ParseInt(NextPart(&rest), &tgid)) {
    storage_->stats.Increment(Stat::systrace_parse_failure);
    return;
  }
  switch (kind) {
    case 'B':
      if (!has_tgid || rest.empty()) break;
      Begin(ts, tid, tgid, rest);  // The rest, '|' included.
      return;
    case 'I': {
      if (!has_tgid || rest.empty()) break;
      SliceInfo info;
      info.name = storage_->Intern(rest);
      Overlap overlap;
      ctx_->slices.Scoped(ctx_->tracks.ThreadTrack(ThreadOf(tid, true, tgid)), ts, 0, info,
                          &overlap);
      return;
    }
    case 'E':
      End(ts, tid, has_tgid, tgid);
      return;
    case 'C': {
      std::string_view name = NextPart(&rest);
      double value;
      if (!has_tgid || name.empty() || !ParseDouble(NextPart(&rest), &value)) break;
      Counter(ts, tid, tgid, name, value);
      return;
    }
    case 'S': case 'F': case 'G': case 'H': case 'N':
      if (!has_tgid) break;
      ParseAsync(ts, kind, storage_->thread.upid[ThreadOf(tid, true, tgid)], rest);
      return;
    case 'T': case 'U':
      storage_->stats.Increment(Stat::atrace_unsupported_events);
      return;
    default:
      break;
  }
  storage_->stats.Increment(Stat::systrace_parse_failure);
}

void AtracePrintParser::Begin(int64_t ts, int64_t tid, int64_t tgid, std::string_view name) {
  SliceInfo info;
  info.name = storage_->Intern(name);
  ctx_->slices.Begin(ctx_->tracks.ThreadTrack(ThreadOf(tid, true, tgid)), ts, info);
}

void AtracePrintParser::End(int64_t ts, int64_t tid, bool has_tgid, int64_t tgid) {
  // An end of a thread never seen has nothing to end.
  uint32_t utid = ThreadOf(tid, has_tgid, tgid);
  if (utid != Uint32Column::kNull) ctx_->slices.End(ctx_->tracks.ThreadTrack(utid), ts, {});
}

void AtracePrintParser::Counter(int64_t ts, int64_t tid, int64_t tgid, std::string_view name,
                                double value) {
  if (AndroidGlobalCounterType(name) != nullptr) {
    storage_->counter.Insert(ts, AndroidGlobalCounterTrack(ctx_, name), value, Uint32Column::kNull);
    return;
  }
  uint32_t upid = storage_->thread.upid[ThreadOf(tid, true, tgid)];
  uint32_t track = ctx_->tracks.ProcessCounterTrack(upid, storage_->Intern(name), atrace_counter_);
  storage_->counter.Insert(ts, track, value, Uint32Column::kNull);
}

void AtracePrintParser::ParseAsync(int64_t ts, char kind, uint32_t upid,
                                   std::string_view rest) {
  std::vector<std::string_view> parts;
  while (!rest.empty()) parts.push_back(NextPart(&rest));
  // S/F: name|cookie (the track is named after the slice); G: track|name|
  // cookie; H: track|[name|]cookie; N: track|name.
  size_t needed = kind == 'G' ? 3 : 2;
  if (parts.size() < needed || parts[0].empty()) {
    storage_->stats.Increment(Stat::systrace_parse_failure);
    return;
  }
  StringId track_name = storage_->Intern(parts[0]);
  AsyncTrackSet& set = async_tracks_[AsyncKey(upid, track_name)];
  auto free_track = [&]() -> size_t {
    for (size_t i = 0; i < set.tracks.size(); ++i) {
      if (!set.busy[i]) return i;
    }
    set.tracks.push_back(ctx_->tracks.NewAsyncTrack(upid, track_name, atrace_async_));
    set.busy.push_back(false);
    return set.tracks.size() - 1;
  };
  if (kind == 'N') {
    SliceInfo info;
    info.name = storage_->Intern(parts[1]);
    if (set.tracks.empty()) free_track();
    Overlap overlap;
    ctx_->slices.Scoped(set.tracks[0], ts, 0, info, &overlap);
    return;
  }
  CookieKey cookie(upid, track_name, std::string(parts.back()));
  auto open = open_async_.find(cookie);
  if (kind == 'S' || kind == 'G') {
    // A begin whose cookie is still open is a repeat: Perfetto ignores it.
    if (open != open_async_.end()) return;
    size_t i = free_track();
    set.busy[i] = true;
    SliceInfo info;
    info.name = kind == 'S' ? track_name : storage_->Intern(parts[1]);
    ctx_->slices.Begin(set.tracks[i], ts, info);
    open_async_.emplace(std::move(cookie), OpenAsync{static_cast<uint32_t>(i)});
    return;
  }
  if (open == open_async_.end()) return;  // An end with no begin: nothing to end.
  uint32_t i = open->second.set_track_index;
  ctx_->slices.End(set.tracks[i], ts, SliceInfo());
  set.busy[i] = false;
  open_async_.erase(open);
}

}  // namespace weft
