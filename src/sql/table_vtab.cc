// The SQLite module behind every storage table. xBestIndex records which
// constraints and orderings we handle in idxStr; xFilter replays them
// through RowFilter to build the cursor's row list.
#include "src/sql/table_vtab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "src/sql/row_filter.h"
#include "src/sql/vtab_module.h"

namespace weft {
namespace {

struct Vtab {
  sqlite3_vtab base;  // Must be first: SQLite casts to it.
  const Table* table;
  const StringPool* pool;
};

struct Cursor {
  sqlite3_vtab_cursor base;  // Must be first.
  RowSet rows{0};
  uint32_t pos = 0;
  bool backward = false;  // ORDER BY DESC on a sorted column: walk rows back.
  std::string scratch;

  uint32_t row() const {
    return rows.at(backward ? rows.size() - 1 - pos : pos);
  }
};

struct Aux {
  const Table* table;
  const StringPool* pool;
};

const char* SqlType(ColumnType t) {
  switch (t) {
    case ColumnType::kInt64: return "BIGINT";
    case ColumnType::kDouble: return "DOUBLE";
    case ColumnType::kString: return "TEXT";
  }
  return "";
}

int Connect(sqlite3* db, void* aux_ptr, int, const char* const*,
            sqlite3_vtab** out, char**) {
  auto* aux = static_cast<Aux*>(aux_ptr);
  std::string schema = "CREATE TABLE x(";
  bool first = true;
  for (const Column* c : aux->table->columns()) {
    if (!first) schema += ", ";
    first = false;
    schema += "\"" + c->name() + "\" " + SqlType(c->type());
    if (c->hidden()) schema += " HIDDEN";
  }
  schema += ")";
  int rc = sqlite3_declare_vtab(db, schema.c_str());
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new Vtab();
  vtab->table = aux->table;
  vtab->pool = aux->pool;
  *out = &vtab->base;
  return SQLITE_OK;
}

int Disconnect(sqlite3_vtab* v) {
  delete reinterpret_cast<Vtab*>(v);
  return SQLITE_OK;
}

// Constraint kinds as encoded in idxStr.
char OpCode(unsigned char op) {
  switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ: return '=';
    case SQLITE_INDEX_CONSTRAINT_NE: return '!';
    case SQLITE_INDEX_CONSTRAINT_LT: return '<';
    case SQLITE_INDEX_CONSTRAINT_LE: return 'l';
    case SQLITE_INDEX_CONSTRAINT_GT: return '>';
    case SQLITE_INDEX_CONSTRAINT_GE: return 'g';
    case SQLITE_INDEX_CONSTRAINT_IS: return 'i';
    case SQLITE_INDEX_CONSTRAINT_ISNOT: return 'I';
    case SQLITE_INDEX_CONSTRAINT_ISNULL: return 'n';
    case SQLITE_INDEX_CONSTRAINT_ISNOTNULL: return 'N';
    default: return 0;
  }
}

FilterOp ToFilterOp(char code) {
  switch (code) {
    case '=': return FilterOp::kEq;
    case '!': return FilterOp::kNe;
    case '<': return FilterOp::kLt;
    case 'l': return FilterOp::kLe;
    case '>': return FilterOp::kGt;
    case 'g': return FilterOp::kGe;
    case 'i': return FilterOp::kIs;
    case 'I': return FilterOp::kIsNot;
    case 'n': return FilterOp::kIsNull;
    default: return FilterOp::kIsNotNull;
  }
}

bool NeedsValue(char code) { return code != 'n' && code != 'N'; }

int BestIndex(sqlite3_vtab* v, sqlite3_index_info* info) {
  const Table* table = reinterpret_cast<Vtab*>(v)->table;
  double n = std::max<double>(1, table->row_count());
  double rows = n;
  bool indexed = false;  // True when some constraint avoids a full scan.
  std::string plan;
  int argc = 0;
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if (!c.usable || c.iColumn < 0) continue;
    char code = OpCode(c.op);
    if (!code) continue;
    const Column* col = table->columns()[c.iColumn];
    // Only BINARY comparisons are ours; NOCASE etc. stay with SQLite.
    const char* collation = sqlite3_vtab_collation(info, i);
    if (col->type() == ColumnType::kString && collation &&
        sqlite3_stricmp(collation, "BINARY") != 0) {
      continue;
    }
    bool in = code == '=' && sqlite3_vtab_in(info, i, -1);
    if (in) sqlite3_vtab_in(info, i, 1);
    if (NeedsValue(code)) info->aConstraintUsage[i].argvIndex = ++argc;
    info->aConstraintUsage[i].omit = 1;
    char buf[32];
    snprintf(buf, sizeof(buf), "%d%c%c,", c.iColumn, code, in ? 'm' : 's');
    plan += buf;
    bool sorted = col->sorted();
    if (code == '=' || code == 'i') {
      if (col->is_id() && !in) {
        rows = 1;
        indexed = true;
        info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
      } else if (sorted || (col->flags() & kIndexed)) {
        rows = std::max(1.0, rows / 100);
        indexed = true;
      } else {
        rows = std::max(1.0, rows / 10);
      }
    } else if (code == '<' || code == 'l' || code == '>' || code == 'g') {
      rows = std::max(1.0, rows / 4);
      indexed |= sorted;
    } else {
      rows = std::max(1.0, rows / 2);
    }
  }
  double cost = indexed ? std::log2(n) + rows : n;

  bool order_ok = info->nOrderBy > 0;
  for (int i = 0; i < info->nOrderBy; ++i) {
    if (info->aOrderBy[i].iColumn < 0) order_ok = false;
  }
  if (order_ok) {
    plan += "|";
    for (int i = 0; i < info->nOrderBy; ++i) {
      char buf[32];
      snprintf(buf, sizeof(buf), "%d%c,", info->aOrderBy[i].iColumn,
               info->aOrderBy[i].desc ? 'd' : 'a');
      plan += buf;
    }
    info->orderByConsumed = 1;
    const Column* first = table->columns()[info->aOrderBy[0].iColumn];
    if (!first->sorted()) {
      cost += rows * std::log2(rows + 1);
    }
  }
  info->estimatedCost = cost;
  info->estimatedRows = static_cast<sqlite3_int64>(rows);
  info->idxStr = sqlite3_mprintf("%s", plan.c_str());
  info->needToFreeIdxStr = 1;
  return SQLITE_OK;
}

int Open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
  auto* c = new Cursor();
  *out = &c->base;
  return SQLITE_OK;
}

int Close(sqlite3_vtab_cursor* c) {
  delete reinterpret_cast<Cursor*>(c);
  return SQLITE_OK;
}

struct PlannedConstraint {
  uint32_t column;
  char code;
  bool in;
  sqlite3_value* value;
};

int Filter(sqlite3_vtab_cursor* cur, int, const char* idx_str, int argc,
           sqlite3_value** argv) {
  auto* c = reinterpret_cast<Cursor*>(cur);
  auto* vtab = reinterpret_cast<Vtab*>(cur->pVtab);
  const Table* table = vtab->table;
  RowFilter filter(table, vtab->pool);
  c->rows = RowSet(table->row_count());
  c->pos = 0;

  std::vector<PlannedConstraint> planned;
  std::vector<OrderTerm> order;
  const char* p = idx_str ? idx_str : "";
  int arg = 0;
  bool in_order = false;
  while (*p) {
    if (*p == '|') {
      in_order = true;
      ++p;
      continue;
    }
    char* end;
    uint32_t col = static_cast<uint32_t>(strtoul(p, &end, 10));
    p = end;
    if (in_order) {
      order.push_back({col, *p == 'd'});
      p += 2;
      continue;
    }
    char code = p[0];
    bool in = p[1] == 'm';
    p += 3;
    sqlite3_value* value = nullptr;
    if (NeedsValue(code) && arg < argc) value = argv[arg++];
    planned.push_back({col, code, in, value});
  }

  // Cheapest first: binary searches narrow the range, index lookups then
  // take only their rows inside it, scans come last.
  auto rank = [&](const PlannedConstraint& pc) {
    const Column* col = table->columns()[pc.column];
    if (pc.in) return 3;
    if (col->sorted()) return 0;
    if ((col->flags() & kIndexed) && (pc.code == '=' || pc.code == 'i')) return 1;
    return 2;
  };
  std::stable_sort(planned.begin(), planned.end(),
                   [&](const PlannedConstraint& a, const PlannedConstraint& b) {
                     return rank(a) < rank(b);
                   });
  for (const PlannedConstraint& pc : planned) {
    if (c->rows.size() == 0) break;
    if (pc.in) {
      // The list's values are only valid until the next step: copy them.
      std::vector<sqlite3_value*> values;
      sqlite3_value* v = nullptr;
      for (int rc = sqlite3_vtab_in_first(pc.value, &v); rc == SQLITE_OK && v;
           rc = sqlite3_vtab_in_next(pc.value, &v)) {
        values.push_back(sqlite3_value_dup(v));
      }
      filter.ApplyIn(pc.column, values, &c->rows);
      for (sqlite3_value* copy : values) sqlite3_value_free(copy);
      continue;
    }
    filter.Apply(pc.column, ToFilterOp(pc.code), pc.value, &c->rows);
  }
  c->backward = false;
  switch (filter.WalkFor(order)) {
    case RowFilter::Walk::kForward: break;
    case RowFilter::Walk::kBackward: c->backward = true; break;
    case RowFilter::Walk::kSort: filter.Sort(order, &c->rows); break;
  }
  return SQLITE_OK;
}

int Next(sqlite3_vtab_cursor* cur) {
  reinterpret_cast<Cursor*>(cur)->pos++;
  return SQLITE_OK;
}

int Eof(sqlite3_vtab_cursor* cur) {
  auto* c = reinterpret_cast<Cursor*>(cur);
  return c->pos >= c->rows.size();
}

int ColumnValue(sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int i) {
  auto* c = reinterpret_cast<Cursor*>(cur);
  auto* vtab = reinterpret_cast<Vtab*>(cur->pVtab);
  ResultCell(ctx, vtab->table->columns()[i], c->row(), *vtab->pool,
             &c->scratch);
  return SQLITE_OK;
}

int Rowid(sqlite3_vtab_cursor* cur, sqlite_int64* rowid) {
  auto* c = reinterpret_cast<Cursor*>(cur);
  *rowid = c->row();
  return SQLITE_OK;
}

const sqlite3_module kModule = VtabModule({nullptr, Connect, BestIndex, Disconnect, Open, Close,
                                            Filter, Next, Eof, ColumnValue, Rowid});

}  // namespace

void ResultCell(sqlite3_context* ctx, const Column* col, uint32_t row,
                const StringPool& pool, std::string* scratch) {
  if (col->IsNull(row)) {
    sqlite3_result_null(ctx);
    return;
  }
  switch (col->type()) {
    case ColumnType::kInt64:
      sqlite3_result_int64(ctx, col->GetInt(row));
      break;
    case ColumnType::kDouble:
      sqlite3_result_double(ctx, col->GetDouble(row));
      break;
    case ColumnType::kString: {
      std::string_view s = col->GetText(row, pool, scratch);
      // Pool strings live as long as the trace: no copy needed.
      sqlite3_result_text(ctx, s.data(), static_cast<int>(s.size()),
                          col->text_is_pooled() ? SQLITE_STATIC : SQLITE_TRANSIENT);
      break;
    }
  }
}

Status RegisterTableVtab(sqlite3* db, const Table* table,
                         const StringPool* pool) {
  auto* aux = new Aux{table, pool};
  int rc = sqlite3_create_module_v2(
      db, table->name().c_str(), &kModule, aux,
      [](void* p) { delete static_cast<Aux*>(p); });
  if (rc != SQLITE_OK) {
    return ErrStatus("cannot register table %s: %s", table->name().c_str(),
                     sqlite3_errmsg(db));
  }
  return Status::Ok();
}

}  // namespace weft
