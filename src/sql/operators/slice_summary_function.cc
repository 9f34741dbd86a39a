// slice_summary: the area summary (see the header) and its eponymous
// virtual table (columns name, slice_count, total_dur, max_dur, self_dur;
// hidden start_ts, end_ts, filter_track_ids bind the arguments).
#include "src/sql/operators/slice_summary_function.h"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "src/base/numeric.h"
#include "src/sql/operators/slice_layout_function.h"
#include "src/sql/table_function_args.h"

namespace weft {

std::vector<SliceSummaryRow> ComputeSliceSummary(const SliceTable& slice, const StringPool& pool,
                                                 int64_t start_ts, int64_t end_ts,
                                                 std::optional<std::string_view> track_ids) {
  std::unordered_set<uint32_t> tracks;
  if (track_ids) tracks = ParseTrackIds(*track_ids);
  auto selected = [&](uint32_t r) {
    int64_t ts = slice.ts[r], dur = slice.dur[r];
    return ts <= end_ts && (dur < 0 || SaturatingAdd(ts, dur) >= start_ts) &&
           (!track_ids || tracks.count(slice.track_id[r]));
  };
  // Rows by name: a slot per pool string (one lookup per slice, no hashing).
  constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> slot(pool.size(), kNone);
  std::vector<SliceSummaryRow> out;
  auto row_of = [&](StringId name) -> SliceSummaryRow& {
    uint32_t& k = slot[name];
    if (k == kNone) {
      k = static_cast<uint32_t>(out.size());
      out.push_back({});
      out.back().name = name;
    }
    return out[k];
  };
  for (uint32_t r = 0; r < slice.row_count(); ++r) {
    int64_t dur = std::max<int64_t>(slice.dur[r], 0);
    // A selected slice's children count against its self time wherever
    // they lie (self time is the slice's own, not the range's).
    uint32_t parent = slice.parent_id[r];
    if (parent != Uint32Column::kNull && parent < slice.row_count() && selected(parent)) {
      row_of(slice.name[parent]).child_dur += dur;
    }
    if (!selected(r)) continue;
    SliceSummaryRow& row = row_of(slice.name[r]);
    ++row.slice_count;
    row.total_dur += dur;
    row.max_dur = std::max(row.max_dur, dur);
  }
  auto text = [&](StringId id) { return id == kNullStringId ? std::string_view() : pool.Get(id); };
  std::sort(out.begin(), out.end(), [&](const SliceSummaryRow& a, const SliceSummaryRow& b) {
    if (a.total_dur != b.total_dur) return a.total_dur > b.total_dur;
    if ((a.name == kNullStringId) != (b.name == kNullStringId)) return a.name == kNullStringId;
    return text(a.name) < text(b.name);
  });
  return out;
}

namespace {

enum Col { kName, kSliceCount, kTotalDur, kMaxDur, kSelfDur, kStartTs, kEndTs, kTrackIds };
constexpr int kArgs = 3;  // start_ts, end_ts, filter_track_ids: argv order.

struct SummaryVtab : sqlite3_vtab {
  const TraceStorage* storage;
  int BestIndex(sqlite3_index_info* info);
};

struct SummaryCursor : RowsCursor<SummaryVtab, SliceSummaryRow> {
  TableFunctionArgs<kArgs> args;

  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  void ColumnValue(sqlite3_context* ctx, int i);
};

int Connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(
      db, "CREATE TABLE x(name TEXT, slice_count BIGINT, total_dur BIGINT, max_dur BIGINT, "
          "self_dur BIGINT, start_ts BIGINT HIDDEN, end_ts BIGINT HIDDEN, "
          "filter_track_ids TEXT HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new SummaryVtab();
  vtab->storage = static_cast<const TraceStorage*>(aux);
  *out = vtab;
  return SQLITE_OK;
}

// Arguments start_ts, end_ts (required) and filter_track_ids.
int SummaryVtab::BestIndex(sqlite3_index_info* info) {
  return PlanTableFunctionArgs(info, kStartTs, kArgs, /*required_mask=*/3);
}

int SummaryCursor::Filter(int idx_num, const char*, int argc, sqlite3_value** argv) {
  rows.clear();
  pos = 0;
  args.Bind(idx_num, argc, argv);
  if (!args.IsInt(0) || !args.IsInt(1)) {
    return SetVtabError(vtab(), "slice_summary: needs start_ts and end_ts (integers)");
  }
  std::optional<std::string_view> tracks;
  if (args[2] && sqlite3_value_type(args[2]) != SQLITE_NULL) {
    tracks = std::string_view(reinterpret_cast<const char*>(sqlite3_value_text(args[2])),
                              static_cast<size_t>(sqlite3_value_bytes(args[2])));
  }
  const TraceStorage* s = vtab()->storage;
  rows = ComputeSliceSummary(s->slice, s->pool(), sqlite3_value_int64(args[0]),
                             sqlite3_value_int64(args[1]), tracks);
  return SQLITE_OK;
}

void SummaryCursor::ColumnValue(sqlite3_context* ctx, int i) {
  const SliceSummaryRow& row = rows[pos];
  switch (i) {
    case kName:
      if (row.name == kNullStringId) {
        sqlite3_result_null(ctx);
      } else {
        std::string_view name = vtab()->storage->pool().Get(row.name);
        sqlite3_result_text(ctx, name.data(), static_cast<int>(name.size()), SQLITE_STATIC);
      }
      break;
    case kSliceCount: sqlite3_result_int64(ctx, row.slice_count); break;
    case kTotalDur: sqlite3_result_int64(ctx, row.total_dur); break;
    case kMaxDur: sqlite3_result_int64(ctx, row.max_dur); break;
    case kSelfDur: sqlite3_result_int64(ctx, row.total_dur - row.child_dur); break;
    default: {
      args.Result(ctx, i - kStartTs);
    }
  }
}

const sqlite3_module kModule = VtabModule<SummaryVtab, SummaryCursor>(Connect);

}  // namespace

Status RegisterSliceSummaryFunction(sqlite3* db, const TraceStorage* storage) {
  return RegisterVtabModule(db, "slice_summary", &kModule, const_cast<TraceStorage*>(storage));
}

}  // namespace weft
