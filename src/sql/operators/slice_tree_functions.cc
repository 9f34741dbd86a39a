// ancestor_slice / descendant_slice, and the row-list table-valued function
// module they share with the flow functions. xBestIndex insists on the
// start_id argument; xFilter computes the whole row list at once (results
// are small) and xColumn reads cells straight from the stored table.
#include "src/sql/operators/slice_tree_functions.h"

#include "src/sql/table_vtab.h"
#include "src/sql/vtab_module.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace weft {

void EpochSet::Reset(size_t n) {
  if (marks_.size() < n) {
    marks_.assign(n, 0);
    epoch_ = 0;
  }
  if (++epoch_ == 0) {  // Wrapped: old marks could alias the new epoch.
    std::fill(marks_.begin(), marks_.end(), 0);
    epoch_ = 1;
  }
}

namespace {

// What a function is registered with; owned by SQLite (module aux data).
struct FunctionAux {
  std::string name;
  const Table* table;
  const TraceStorage* storage;
  RowListFn fn;
};

constexpr int kArgColumn = -1;

struct FunctionVtab : sqlite3_vtab {
  const FunctionAux* aux;
  // Output column -> column of aux->table; kArgColumn for start_id.
  std::vector<int> columns;
  int arg_column;
  RowListScratch scratch;

  int BestIndex(sqlite3_index_info* info);
};

struct FunctionCursor : VtabCursor<FunctionVtab> {
  std::vector<uint32_t> rows;
  size_t pos = 0;
  int64_t start_id = 0;
  bool start_null = true;
  std::string scratch;

  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  int Next() {
    ++pos;
    return SQLITE_OK;
  }
  bool Eof() const { return pos >= rows.size(); }
  void ColumnValue(sqlite3_context* ctx, int i);
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(pos); }
};

int Connect(sqlite3* db, void* aux_ptr, int, const char* const*,
            sqlite3_vtab** out, char**) {
  const auto* aux = static_cast<const FunctionAux*>(aux_ptr);
  auto* vtab = new FunctionVtab();
  vtab->aux = aux;
  // Table-valued function arguments bind to HIDDEN columns in declaration
  // order, so start_id must be the first hidden column.
  std::string schema = "CREATE TABLE x(";
  const auto& cols = aux->table->columns();
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < cols.size(); ++i) {
      if (cols[i]->hidden() != (pass == 1)) continue;
      if (!vtab->columns.empty()) schema += ", ";
      schema += SqlColumnDef(*cols[i]);
      if (pass == 1) schema += " HIDDEN";
      vtab->columns.push_back(static_cast<int>(i));
    }
    if (pass == 0) {
      schema += ", start_id BIGINT HIDDEN";
      vtab->arg_column = static_cast<int>(vtab->columns.size());
      vtab->columns.push_back(kArgColumn);
    }
  }
  schema += ")";
  int rc = sqlite3_declare_vtab(db, schema.c_str());
  if (rc != SQLITE_OK) {
    delete vtab;
    return rc;
  }
  *out = vtab;
  return SQLITE_OK;
}

int FunctionVtab::BestIndex(sqlite3_index_info* info) {
  int arg = -1;
  bool unusable_arg = false;
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if (c.iColumn != arg_column) continue;
    if (c.op != SQLITE_INDEX_CONSTRAINT_EQ &&
        c.op != SQLITE_INDEX_CONSTRAINT_IS) {
      continue;
    }
    if (!c.usable) {
      unusable_arg = true;
    } else if (arg < 0) {
      arg = i;
    }
  }
  if (arg >= 0) {
    info->aConstraintUsage[arg].argvIndex = 1;
    info->aConstraintUsage[arg].omit = 1;
    info->idxNum = 1;
    info->estimatedCost = 10;
    info->estimatedRows = 10;
    return SQLITE_OK;
  }
  // The argument exists but its value is not known in this join order:
  // make SQLite pick an order where it is.
  if (unusable_arg) return SQLITE_CONSTRAINT;
  // No argument at all: accept, so xFilter can explain the mistake.
  info->idxNum = 0;
  info->estimatedCost = 1e30;
  info->estimatedRows = 1000000;
  return SQLITE_OK;
}

int FunctionCursor::Filter(int idx_num, const char*, int argc, sqlite3_value** argv) {
  const FunctionAux* aux = vtab()->aux;
  rows.clear();
  pos = 0;
  start_null = true;
  if (idx_num != 1 || argc < 1) {
    return SetVtabError(pVtab, aux->name + "(): missing argument (a slice id)");
  }
  sqlite3_value* value = argv[0];
  switch (sqlite3_value_type(value)) {
    case SQLITE_NULL:
      return SQLITE_OK;  // Nothing matches a NULL id.
    case SQLITE_INTEGER:
      break;
    default:
      return SetVtabError(pVtab, aux->name + ": start id should be an integer");
  }
  start_id = sqlite3_value_int64(value);
  start_null = false;
  std::string error;
  if (!aux->fn(*aux->storage, start_id, &vtab()->scratch, &rows, &error)) {
    rows.clear();
    return SetVtabError(pVtab, aux->name + ": " + error);
  }
  return SQLITE_OK;
}

void FunctionCursor::ColumnValue(sqlite3_context* ctx, int i) {
  int source = vtab()->columns[static_cast<size_t>(i)];
  if (source == kArgColumn) {
    if (start_null) {
      sqlite3_result_null(ctx);
    } else {
      sqlite3_result_int64(ctx, start_id);
    }
    return;
  }
  ResultCell(ctx, vtab()->aux->table->columns()[static_cast<size_t>(source)], rows[pos],
             vtab()->aux->storage->pool(), &scratch);
}

const sqlite3_module kModule = VtabModule<FunctionVtab, FunctionCursor>(Connect);

std::string NoRowError(int64_t id) {
  char buf[64];
  snprintf(buf, sizeof(buf), "no row with id %" PRId64, id);
  return buf;
}

bool Ancestors(const TraceStorage& storage, int64_t id, RowListScratch*,
               std::vector<uint32_t>* rows, std::string* error) {
  if (!AncestorSliceRows(storage.slice, id, rows)) {
    *error = NoRowError(id);
    return false;
  }
  return true;
}

bool Descendants(const TraceStorage& storage, int64_t id, RowListScratch*,
                 std::vector<uint32_t>* rows, std::string* error) {
  if (!DescendantSliceRows(storage.slice, id, rows)) {
    *error = NoRowError(id);
    return false;
  }
  return true;
}

}  // namespace

Status RegisterRowListFunction(sqlite3* db, const std::string& name,
                               const Table* table, const TraceStorage* storage,
                               RowListFn fn) {
  auto* aux = new FunctionAux{name, table, storage, fn};
  return RegisterVtabModule(db, name, &kModule, aux,
                            [](void* p) { delete static_cast<FunctionAux*>(p); });
}

bool AncestorSliceRows(const SliceTable& slice, int64_t slice_id,
                       std::vector<uint32_t>* rows) {
  rows->clear();
  if (slice_id < 0 || slice_id >= slice.row_count()) return false;
  // Up the chain (depth, id) strictly decreases: a parent is shallower, or
  // (malformed input) at least inserted earlier. That stops cycles. Ids
  // alone may increase: JS profile calls are inserted after the trace
  // events they enclose.
  uint32_t row = static_cast<uint32_t>(slice_id);
  auto above = [&](uint32_t p, uint32_t r) {
    return slice.depth[p] < slice.depth[r] || (slice.depth[p] == slice.depth[r] && p < r);
  };
  for (uint32_t p = slice.parent_id[row]; p != Uint32Column::kNull && above(p, row);
       p = slice.parent_id[p]) {
    rows->push_back(p);
    row = p;
  }
  std::reverse(rows->begin(), rows->end());
  return true;
}

bool DescendantSliceRows(const SliceTable& slice, int64_t slice_id,
                         std::vector<uint32_t>* rows) {
  rows->clear();
  if (slice_id < 0 || slice_id >= slice.row_count()) return false;
  // Breadth-first over the parent_id index: ids need not follow the nesting
  // (JS profile calls are inserted after, and around, trace events). Depth
  // must increase down the tree, which also stops malformed cycles.
  rows->push_back(static_cast<uint32_t>(slice_id));
  for (size_t i = 0; i < rows->size(); ++i) {
    uint32_t parent = (*rows)[i];
    const uint32_t* children = nullptr;
    size_t count = 0;
    if (!slice.parent_id.EqualRows(parent, &children, &count)) continue;
    for (size_t c = 0; c < count; ++c) {
      if (slice.depth[children[c]] > slice.depth[parent]) rows->push_back(children[c]);
    }
  }
  rows->erase(rows->begin());
  std::sort(rows->begin(), rows->end());
  return true;
}

Status RegisterSliceTreeFunctions(sqlite3* db, const TraceStorage* storage) {
  WEFT_RETURN_IF_ERROR(RegisterRowListFunction(db, "ancestor_slice",
                                               &storage->slice, storage,
                                               Ancestors));
  return RegisterRowListFunction(db, "descendant_slice", &storage->slice,
                                 storage, Descendants);
}

}  // namespace weft
