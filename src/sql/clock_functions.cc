// Clock conversion SQL functions over the clock_snapshot table.
#include "src/sql/clock_functions.h"

#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <memory>

namespace weft {
namespace {

constexpr int64_t kRealtime = 1;   // BuiltinClock ids.
constexpr int64_t kMonotonic = 3;
constexpr int64_t kNsPerSecond = 1000000000;

// Timelines are built on first use: the storage is complete by then.
struct Converters {
  const TraceStorage* storage;
  std::unique_ptr<ClockTimeline> realtime, monotonic;
  const ClockTimeline& Get(int64_t clock) {
    std::unique_ptr<ClockTimeline>& t = clock == kRealtime ? realtime : monotonic;
    if (!t) t.reset(new ClockTimeline(*storage, clock));
    return *t;
  }
};

// The ts argument; false (result already set to NULL) when it is NULL.
bool TsArg(sqlite3_context* ctx, sqlite3_value* v, int64_t* ts) {
  if (sqlite3_value_type(v) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return false;
  }
  *ts = sqlite3_value_int64(v);
  return true;
}

template <int64_t kClock>
void ToClock(sqlite3_context* ctx, int, sqlite3_value** argv) {
  int64_t ts;
  if (!TsArg(ctx, argv[0], &ts)) return;
  auto* converters = static_cast<Converters*>(sqlite3_user_data(ctx));
  std::optional<int64_t> v = converters->Get(kClock).FromTraceTime(ts);
  if (v) {
    sqlite3_result_int64(ctx, *v);
  } else {
    sqlite3_result_null(ctx);
  }
}

void AbsTimeStr(sqlite3_context* ctx, int, sqlite3_value** argv) {
  int64_t ts;
  if (!TsArg(ctx, argv[0], &ts)) return;
  auto* converters = static_cast<Converters*>(sqlite3_user_data(ctx));
  std::optional<int64_t> real = converters->Get(kRealtime).FromTraceTime(ts);
  if (!real) {
    sqlite3_result_null(ctx);
    return;
  }
  int64_t seconds = *real / kNsPerSecond, ns = *real % kNsPerSecond;
  if (ns < 0) {
    ns += kNsPerSecond;
    --seconds;
  }
  time_t t = static_cast<time_t>(seconds);
  struct tm tm;
  if (!gmtime_r(&t, &tm)) {
    sqlite3_result_null(ctx);
    return;
  }
  char buf[64];
  snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%09" PRId64, tm.tm_year + 1900,
           tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ns);
  sqlite3_result_text(ctx, buf, -1, SQLITE_TRANSIENT);
}

void ToTimecode(sqlite3_context* ctx, int, sqlite3_value** argv) {
  int64_t ts;
  if (!TsArg(ctx, argv[0], &ts)) return;
  uint64_t v = ts < 0 ? 0 - static_cast<uint64_t>(ts) : static_cast<uint64_t>(ts);
  uint64_t ns = v % 1000, us = v / 1000 % 1000, ms = v / 1000000 % 1000;
  uint64_t s = v / 1000000000;
  char buf[64];
  snprintf(buf, sizeof(buf), "%s%02" PRIu64 ":%02" PRIu64 ":%02" PRIu64 " %03" PRIu64 " %03" PRIu64
           " %03" PRIu64, ts < 0 ? "-" : "", s / 3600, s / 60 % 60, s % 60, ms, us, ns);
  sqlite3_result_text(ctx, buf, -1, SQLITE_TRANSIENT);
}

}  // namespace

ClockTimeline::ClockTimeline(const TraceStorage& storage, int64_t clock_id) {
  const ClockSnapshotTable& t = storage.clock_snapshot;
  for (uint32_t r = 0; r < t.row_count(); ++r) {
    if (t.clock_id[r] == clock_id) values_.emplace(t.ts[r], t.clock_value[r]);
  }
}

std::optional<int64_t> ClockTimeline::FromTraceTime(int64_t ts) const {
  if (values_.empty()) return std::nullopt;
  auto next = values_.lower_bound(ts);
  if (next == values_.end()) {
    --next;
    return next->second + (ts - next->first);
  }
  if (next == values_.begin() || next->first == ts) return next->second;
  auto prev = std::prev(next);
  return std::min(prev->second + (ts - prev->first), next->second);
}

Status RegisterClockFunctions(sqlite3* db, const TraceStorage* storage) {
  auto* converters = new Converters{storage, nullptr, nullptr};
  struct Fn {
    const char* name;
    void (*fn)(sqlite3_context*, int, sqlite3_value**);
  };
  const Fn fns[] = {{"to_realtime", ToClock<kRealtime>},
                    {"to_monotonic", ToClock<kMonotonic>},
                    {"abs_time_str", AbsTimeStr},
                    {"to_timecode", ToTimecode}};
  for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); ++i) {
    // The first registration owns the shared state (freed with the
    // connection).
    void (*destroy)(void*) = nullptr;
    if (i == 0) destroy = [](void* p) { delete static_cast<Converters*>(p); };
    int rc = sqlite3_create_function_v2(db, fns[i].name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                        converters, fns[i].fn, nullptr, nullptr, destroy);
    if (rc != SQLITE_OK) return Status::Error(std::string("cannot register ") + fns[i].name);
  }
  return Status::Ok();
}

}  // namespace weft
