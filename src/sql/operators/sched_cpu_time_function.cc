// sched_cpu_time: CPU time per thread over a range (see the header) and its
// eponymous virtual table (columns utid, cpu_time; hidden start_ts, end_ts
// bind the arguments).
#include "src/sql/operators/sched_cpu_time_function.h"

#include <algorithm>

#include "src/base/numeric.h"
#include "src/sql/table_function_args.h"

namespace weft {

std::vector<SchedCpuTimeRow> ComputeSchedCpuTime(const SchedTable& sched, int64_t start_ts,
                                                 int64_t end_ts) {
  // Rows starting before end_ts: a prefix when ts is sorted.
  uint32_t rows = sched.row_count();
  if (sched.ts.sorted()) {
    uint32_t lo = 0, hi = rows;
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (sched.ts[mid] < end_ts) lo = mid + 1; else hi = mid;
    }
    rows = lo;
  }
  std::vector<int64_t> by_utid;
  std::vector<bool> seen;
  for (uint32_t r = 0; r < rows; ++r) {
    int64_t ts = sched.ts[r];
    if (ts >= end_ts || sched.dur.IsNull(r) || sched.utid.IsNull(r)) continue;
    int64_t end = SaturatingAdd(ts, sched.dur[r]);
    uint32_t utid = sched.utid[r];
    if (end <= start_ts || utid == 0) continue;
    if (utid >= by_utid.size()) {
      by_utid.resize(utid + 1, 0);
      seen.resize(utid + 1, false);
    }
    by_utid[utid] += std::min(end, end_ts) - std::max(ts, start_ts);
    seen[utid] = true;
  }
  std::vector<SchedCpuTimeRow> out;
  for (uint32_t utid = 0; utid < by_utid.size(); ++utid) {
    if (seen[utid]) out.push_back({utid, by_utid[utid]});
  }
  std::sort(out.begin(), out.end(), [](const SchedCpuTimeRow& a, const SchedCpuTimeRow& b) {
    return a.cpu_time != b.cpu_time ? a.cpu_time > b.cpu_time : a.utid < b.utid;
  });
  return out;
}

namespace {

enum Col { kUtid, kCpuTime, kStartTs, kEndTs };
constexpr int kArgs = 2;  // start_ts, end_ts: argv order.

struct CpuTimeVtab : sqlite3_vtab {
  const TraceStorage* storage;
  int BestIndex(sqlite3_index_info* info);
};

struct CpuTimeCursor : RowsCursor<CpuTimeVtab, SchedCpuTimeRow> {
  TableFunctionArgs<kArgs> args;

  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  void ColumnValue(sqlite3_context* ctx, int i);
};

int Connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(
      db, "CREATE TABLE x(utid BIGINT, cpu_time BIGINT, start_ts BIGINT HIDDEN, "
          "end_ts BIGINT HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new CpuTimeVtab();
  vtab->storage = static_cast<const TraceStorage*>(aux);
  *out = vtab;
  return SQLITE_OK;
}

// Both arguments are required.
int CpuTimeVtab::BestIndex(sqlite3_index_info* info) {
  return PlanTableFunctionArgs(info, kStartTs, kArgs, /*required_mask=*/3);
}

int CpuTimeCursor::Filter(int idx_num, const char*, int argc, sqlite3_value** argv) {
  rows.clear();
  pos = 0;
  args.Bind(idx_num, argc, argv);
  if (!args.IsInt(0) || !args.IsInt(1)) {
    return SetVtabError(vtab(), "sched_cpu_time: needs start_ts and end_ts (integers)");
  }
  rows = ComputeSchedCpuTime(vtab()->storage->sched, sqlite3_value_int64(args[0]),
                             sqlite3_value_int64(args[1]));
  return SQLITE_OK;
}

void CpuTimeCursor::ColumnValue(sqlite3_context* ctx, int i) {
  switch (i) {
    case kUtid: sqlite3_result_int64(ctx, rows[pos].utid); break;
    case kCpuTime: sqlite3_result_int64(ctx, rows[pos].cpu_time); break;
    default: args.Result(ctx, i - kStartTs);
  }
}

const sqlite3_module kModule = VtabModule<CpuTimeVtab, CpuTimeCursor>(Connect);

}  // namespace

Status RegisterSchedCpuTimeFunction(sqlite3* db, const TraceStorage* storage) {
  return RegisterVtabModule(db, "sched_cpu_time", &kModule, const_cast<TraceStorage*>(storage));
}

}  // namespace weft
