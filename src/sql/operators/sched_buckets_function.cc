// sched_buckets: crowded CPU / thread-state windows merged per bucket (see
// the header) and its eponymous virtual table (columns id, ts, dur, key, n;
// hidden columns bind the arguments).
#include "src/sql/operators/sched_buckets_function.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

#include "src/base/numeric.h"
#include "src/sql/operators/slice_layout_function.h"
#include "src/sql/table_function_args.h"

namespace weft {
namespace {

// The rows of |col| equal to |value| (its index), or every row when it has
// none; increasing.
std::vector<uint32_t> CandidateRows(const Column& col, uint32_t row_count, int64_t value) {
  const uint32_t* rows = nullptr;
  size_t count = 0;
  if (col.EqualRows(value, &rows, &count)) return std::vector<uint32_t>(rows, rows + count);
  std::vector<uint32_t> out;
  for (uint32_t r = 0; r < row_count; ++r) {
    if (!col.IsNull(r) && col.GetInt(r) == value) out.push_back(r);
  }
  return out;
}

// A thread state's rank as the viewer's colours tell them apart.
int64_t StateRank(std::string_view state) {
  if (state == "Running") return 3;
  if (state.empty()) return 0;
  char c = static_cast<char>(std::tolower(static_cast<unsigned char>(state[0])));
  return c == 'r' ? 2 : c == 'd' ? 1 : 0;
}

}  // namespace

std::vector<SchedBucketRow> ComputeSchedBuckets(const TraceStorage& storage,
                                                const SchedBucketsQuery& q) {
  const Column& ts = q.thread_state ? static_cast<const Column&>(storage.thread_state.ts)
                                    : storage.sched.ts;
  const Column& dur = q.thread_state ? static_cast<const Column&>(storage.thread_state.dur)
                                     : storage.sched.dur;
  const Column& filter = q.thread_state ? static_cast<const Column&>(storage.thread_state.utid)
                                        : storage.sched.cpu;
  uint32_t row_count = q.thread_state ? storage.thread_state.row_count()
                                      : storage.sched.row_count();
  std::vector<uint32_t> rows = CandidateRows(filter, row_count, q.id);
  if (ts.sorted()) {  // The ts range is a binary search.
    auto lo = std::lower_bound(rows.begin(), rows.end(), q.start_ts,
                               [&](uint32_t r, int64_t t) { return ts.GetInt(r) < t; });
    auto hi = std::upper_bound(lo, rows.end(), q.end_ts,
                               [&](int64_t t, uint32_t r) { return t < ts.GetInt(r); });
    rows = std::vector<uint32_t>(lo, hi);
  }
  std::unordered_map<StringId, int64_t> rank_of;  // Per distinct state.
  auto key_of = [&](uint32_t r) -> int64_t {
    if (!q.thread_state) return storage.sched.utid[r];
    const auto& state = storage.thread_state.state;
    if (state.IsNull(r)) return 0;
    auto it = rank_of.find(state[r]);
    if (it == rank_of.end()) {
      it = rank_of.emplace(state[r], StateRank(storage.pool().Get(state[r]))).first;
    }
    return it->second;
  };
  std::map<int64_t, SchedBucketRow> buckets;
  SchedBucketRow* last = nullptr;  // Rows come by ts: mostly the same bucket.
  for (uint32_t r : rows) {
    if (dur.IsNull(r)) continue;
    int64_t t = ts.GetInt(r), d = dur.GetInt(r);
    if (t < q.start_ts || t > q.end_ts || d < 0 || d > q.max_dur) continue;
    if (!q.thread_state) {
      if (storage.sched.utid.IsNull(r) || q.skip_utids.count(storage.sched.utid[r])) continue;
    }
    int64_t b = t / q.bucket;
    int64_t key = key_of(r);
    if (!last || last->key_bucket != b) {
      auto [it, added] =
          buckets.try_emplace(b, SchedBucketRow{b, r, t, SaturatingAdd(t, d), 0, key});
      last = &it->second;
    }
    last->ts = std::min(last->ts, t);
    last->end = std::max(last->end, SaturatingAdd(t, d));
    last->id = std::min(last->id, r);
    last->key = q.thread_state ? std::max(last->key, key) : std::min(last->key, key);
    ++last->n;
  }
  std::vector<SchedBucketRow> out;
  out.reserve(buckets.size());
  for (auto& [b, row] : buckets) out.push_back(row);
  // Buckets hold disjoint ts ranges, so bucket order is ts order.
  return out;
}

namespace {

enum Col { kId, kTs, kDur, kKey, kN, kKind, kGroupId, kStartTs, kEndTs, kMaxDur, kBucket, kSkip };
constexpr int kArgs = 7;  // kind .. skip_utids: argv order.
constexpr int kRequired = 6;

struct BucketsVtab : sqlite3_vtab {
  const TraceStorage* storage;
  int BestIndex(sqlite3_index_info* info);
};

struct BucketsCursor : RowsCursor<BucketsVtab, SchedBucketRow> {
  bool thread_state = false;
  TableFunctionArgs<kArgs> args;

  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  void ColumnValue(sqlite3_context* ctx, int i);
};

int Connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(
      db, "CREATE TABLE x(id BIGINT, ts BIGINT, dur BIGINT, key, n BIGINT, kind TEXT HIDDEN, "
          "group_id BIGINT HIDDEN, start_ts BIGINT HIDDEN, end_ts BIGINT HIDDEN, "
          "max_dur BIGINT HIDDEN, bucket BIGINT HIDDEN, skip_utids TEXT HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new BucketsVtab();
  vtab->storage = static_cast<const TraceStorage*>(aux);
  *out = vtab;
  return SQLITE_OK;
}

int BucketsVtab::BestIndex(sqlite3_index_info* info) {
  return PlanTableFunctionArgs(info, kKind, kArgs, /*required_mask=*/(1 << kRequired) - 1);
}

int BucketsCursor::Filter(int idx_num, const char*, int argc, sqlite3_value** argv) {
  rows.clear();
  pos = 0;
  args.Bind(idx_num, argc, argv);
  const char* kind = args[0] ? reinterpret_cast<const char*>(sqlite3_value_text(args[0])) : "";
  std::string_view k = kind ? kind : "";
  bool ok = (k == "cpu" || k == "thread_state");
  for (int arg = 1; arg < kRequired; ++arg) ok = ok && args.IsInt(arg);
  if (!ok || sqlite3_value_int64(args[5]) <= 0) {
    return SetVtabError(vtab(), "sched_buckets: needs kind ('cpu' or 'thread_state'), id, "
                                "start_ts, end_ts, max_dur and bucket > 0 (integers)");
  }
  SchedBucketsQuery q;
  q.thread_state = thread_state = k == "thread_state";
  q.id = sqlite3_value_int64(args[1]);
  q.start_ts = sqlite3_value_int64(args[2]);
  q.end_ts = sqlite3_value_int64(args[3]);
  q.max_dur = sqlite3_value_int64(args[4]);
  q.bucket = sqlite3_value_int64(args[5]);
  if (args[6] && sqlite3_value_type(args[6]) != SQLITE_NULL) {
    q.skip_utids = ParseTrackIds(std::string_view(
        reinterpret_cast<const char*>(sqlite3_value_text(args[6])),
        static_cast<size_t>(sqlite3_value_bytes(args[6]))));
  }
  rows = ComputeSchedBuckets(*vtab()->storage, q);
  return SQLITE_OK;
}

void BucketsCursor::ColumnValue(sqlite3_context* ctx, int i) {
  static constexpr const char* kStates[] = {"S", "D", "R", "Running"};
  const SchedBucketRow& row = rows[pos];
  switch (i) {
    case kId: sqlite3_result_int64(ctx, row.id); break;
    case kTs: sqlite3_result_int64(ctx, row.ts); break;
    case kDur: sqlite3_result_int64(ctx, row.end - row.ts); break;
    case kKey:
      if (thread_state) {
        sqlite3_result_text(ctx, kStates[row.key], -1, SQLITE_STATIC);
      } else {
        sqlite3_result_int64(ctx, row.key);
      }
      break;
    case kN: sqlite3_result_int64(ctx, row.n); break;
    default: {
      args.Result(ctx, i - kKind);
    }
  }
}

const sqlite3_module kModule = VtabModule<BucketsVtab, BucketsCursor>(Connect);

}  // namespace

Status RegisterSchedBucketsFunction(sqlite3* db, const TraceStorage* storage) {
  return RegisterVtabModule(db, "sched_buckets", &kModule, const_cast<TraceStorage*>(storage));
}

}  // namespace weft
