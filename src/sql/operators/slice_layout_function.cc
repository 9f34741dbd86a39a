// experimental_slice_layout: the stalactite layout and its eponymous
// virtual table (columns id, layout_depth; the argument binds the hidden
// filter_track_ids column). The last result is cached: the UI queries the
// same track set repeatedly.
#include "src/sql/operators/slice_layout_function.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "src/base/numeric.h"
#include "src/sql/vtab_module.h"

namespace weft {

std::unordered_set<uint32_t> ParseTrackIds(std::string_view list) {
  std::unordered_set<uint32_t> ids;
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string token(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    char* end = nullptr;
    unsigned long long v = strtoull(token.c_str(), &end, 10);
    if (!token.empty() && *end == '\0' && token[0] != '-' && v <= UINT32_MAX) {
      ids.insert(static_cast<uint32_t>(v));
    }
  }
  return ids;
}

namespace {

struct Stalactite {
  int64_t start = 0;
  int64_t end = 0;
  uint32_t max_depth = 0;
  uint32_t offset = 0;
};

}  // namespace

std::vector<SliceLayoutRow> ComputeSliceLayout(const SliceTable& slice,
                                               std::string_view filter_track_ids) {
  std::unordered_set<uint32_t> tracks = ParseTrackIds(filter_track_ids);
  std::vector<uint32_t> rows;
  for (uint32_t r = 0; r < slice.row_count(); ++r) {
    if (tracks.count(slice.track_id[r])) rows.push_back(r);
  }
  // 1. Each stalactite's bounding box; root_of maps a slice to its root.
  std::unordered_map<uint32_t, uint32_t> root_of;
  std::unordered_map<uint32_t, Stalactite> groups;
  std::vector<uint32_t> roots;  // In id order.
  for (uint32_t r : rows) {
    uint32_t parent = slice.parent_id[r];
    auto p = parent == Uint32Column::kNull ? root_of.end() : root_of.find(parent);
    uint32_t root = p == root_of.end() ? r : p->second;
    root_of[r] = root;
    int64_t dur = slice.dur[r];
    int64_t end = dur < 0 ? std::numeric_limits<int64_t>::max() : SaturatingAdd(slice.ts[r], dur);
    uint32_t depth = slice.depth[r];
    auto [it, added] = groups.try_emplace(root);
    Stalactite& g = it->second;
    if (added) {
      g.start = slice.ts[r];
      g.end = end;
      g.max_depth = depth;
      roots.push_back(root);
    } else {
      g.end = std::max(g.end, end);
      g.max_depth = std::max(g.max_depth, depth);
    }
  }
  // 2. Offsets, in start order (ties: id order).
  std::stable_sort(roots.begin(), roots.end(), [&](uint32_t a, uint32_t b) {
    return groups[a].start < groups[b].start;
  });
  std::vector<const Stalactite*> open;
  for (uint32_t root : roots) {
    Stalactite& g = groups[root];
    open.erase(std::remove_if(open.begin(), open.end(),
                              [&](const Stalactite* o) { return o->end <= g.start; }),
               open.end());
    uint32_t offset = 0;
    for (bool moved = true; moved;) {
      moved = false;
      for (const Stalactite* o : open) {
        bool disjoint = offset + g.max_depth < o->offset || o->offset + o->max_depth < offset;
        if (!disjoint) {
          offset = o->offset + o->max_depth + 1;
          moved = true;
        }
      }
    }
    g.offset = offset;
    open.push_back(&g);
  }
  // 3. Each slice: its depth plus its stalactite's offset.
  std::vector<SliceLayoutRow> out;
  out.reserve(rows.size());
  for (uint32_t r : rows) out.push_back({r, slice.depth[r] + groups[root_of[r]].offset});
  return out;
}

namespace {

struct LayoutVtab : sqlite3_vtab {
  const TraceStorage* storage;
  bool has_cache = false;
  std::string cached_filter;
  std::vector<SliceLayoutRow> cached_rows;

  int BestIndex(sqlite3_index_info* info);
};

struct LayoutCursor : VtabCursor<LayoutVtab> {
  const std::vector<SliceLayoutRow>* rows = nullptr;
  std::string filter;
  size_t pos = 0;

  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  int Next() {
    ++pos;
    return SQLITE_OK;
  }
  bool Eof() const { return !rows || pos >= rows->size(); }
  void ColumnValue(sqlite3_context* ctx, int i);
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(pos); }
};

enum Col { kId, kLayoutDepth, kFilterTrackIds };

int Connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(
      db, "CREATE TABLE x(id BIGINT, layout_depth BIGINT, filter_track_ids TEXT HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new LayoutVtab();
  vtab->storage = static_cast<const TraceStorage*>(aux);
  *out = vtab;
  return SQLITE_OK;
}

int LayoutVtab::BestIndex(sqlite3_index_info* info) {
  bool unusable = false;
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if (c.iColumn != kFilterTrackIds || c.op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c.usable) {
      unusable = true;
      continue;
    }
    info->aConstraintUsage[i].argvIndex = 1;
    info->aConstraintUsage[i].omit = 1;
    info->idxNum = 1;
    info->estimatedCost = 1000;
    return SQLITE_OK;
  }
  if (unusable) return SQLITE_CONSTRAINT;  // Pick an order where it is known.
  info->idxNum = 0;  // xFilter explains the missing argument.
  info->estimatedCost = 1e30;
  return SQLITE_OK;
}

int LayoutCursor::Filter(int idx_num, const char*, int argc, sqlite3_value** argv) {
  LayoutVtab* v = vtab();
  pos = 0;
  rows = nullptr;
  if (idx_num != 1 || argc < 1 || sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
    return SetVtabError(v,
                        "experimental_slice_layout: needs filter_track_ids, a string of "
                        "track ids separated by ','");
  }
  filter = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  if (!v->has_cache || v->cached_filter != filter) {
    v->cached_rows = ComputeSliceLayout(v->storage->slice, filter);
    v->cached_filter = filter;
    v->has_cache = true;
  }
  rows = &v->cached_rows;
  return SQLITE_OK;
}

void LayoutCursor::ColumnValue(sqlite3_context* ctx, int i) {
  const SliceLayoutRow& row = (*rows)[pos];
  switch (i) {
    case kId: sqlite3_result_int64(ctx, row.id); break;
    case kLayoutDepth: sqlite3_result_int64(ctx, row.layout_depth); break;
    default:
      sqlite3_result_text(ctx, filter.c_str(), static_cast<int>(filter.size()),
                          SQLITE_TRANSIENT);
  }
}

const sqlite3_module kModule = VtabModule<LayoutVtab, LayoutCursor>(Connect);

}  // namespace

Status RegisterSliceLayoutFunction(sqlite3* db, const TraceStorage* storage) {
  return RegisterVtabModule(db, "experimental_slice_layout", &kModule,
                            const_cast<TraceStorage*>(storage));
}

}  // namespace weft
