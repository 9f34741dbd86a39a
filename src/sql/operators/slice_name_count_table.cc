// slice_name_count (see the header): an eponymous virtual table whose rows
// are computed when a query starts reading it.
#include "src/sql/operators/slice_name_count_table.h"

#include "src/sql/vtab_module.h"

namespace weft {

std::vector<std::pair<StringId, int64_t>> CountSliceNames(const SliceTable& slice,
                                                          const StringPool& pool) {
  // A counter per pool string: one increment per slice, no hashing.
  std::vector<int64_t> counts(pool.size(), 0);
  const uint32_t rows = slice.row_count();
  for (uint32_t r = 0; r < rows; ++r) {
    StringId name = slice.name[r];
    if (name != kNullStringId && name < counts.size()) ++counts[name];
  }
  std::vector<std::pair<StringId, int64_t>> out;
  for (StringId id = 0; id < counts.size(); ++id) {
    if (counts[id]) out.emplace_back(id, counts[id]);
  }
  return out;
}

namespace {

enum Col { kName, kSliceCount };

struct NameCountVtab : sqlite3_vtab {
  const TraceStorage* storage;
  int BestIndex(sqlite3_index_info* info) {
    info->estimatedCost = 1e6;  // One pass over `slice`, whatever the constraints.
    return SQLITE_OK;
  }
};

struct NameCountCursor : VtabCursor<NameCountVtab> {
  std::vector<std::pair<StringId, int64_t>> rows;
  size_t pos = 0;

  int Filter(int, const char*, int, sqlite3_value**) {
    const TraceStorage* s = vtab()->storage;
    rows = CountSliceNames(s->slice, s->pool());
    pos = 0;
    return SQLITE_OK;
  }
  int Next() {
    ++pos;
    return SQLITE_OK;
  }
  bool Eof() const { return pos >= rows.size(); }
  void ColumnValue(sqlite3_context* ctx, int i) {
    if (i == kSliceCount) return sqlite3_result_int64(ctx, rows[pos].second);
    std::string_view name = vtab()->storage->pool().Get(rows[pos].first);
    sqlite3_result_text(ctx, name.data(), static_cast<int>(name.size()), SQLITE_STATIC);
  }
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(pos); }
};

int Connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(name TEXT, slice_count BIGINT)");
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new NameCountVtab();
  vtab->storage = static_cast<const TraceStorage*>(aux);
  *out = vtab;
  return SQLITE_OK;
}

const sqlite3_module kModule = VtabModule<NameCountVtab, NameCountCursor>(Connect);

}  // namespace

Status RegisterSliceNameCountTable(sqlite3* db, const TraceStorage* storage) {
  return RegisterVtabModule(db, "slice_name_count", &kModule, const_cast<TraceStorage*>(storage));
}

}  // namespace weft
