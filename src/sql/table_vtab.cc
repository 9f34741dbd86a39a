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

struct Vtab : sqlite3_vtab {
  const Table* table;
  const StringPool* pool;

  int BestIndex(sqlite3_index_info* info);
};

struct Cursor : VtabCursor<Vtab> {
  RowSet rows{0};
  uint32_t pos = 0;
  bool backward = false;  // ORDER BY DESC on a sorted column: walk rows back.
  std::string scratch;

  uint32_t row() const {
    return rows.at(backward ? rows.size() - 1 - pos : pos);
  }
  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  int Next() {
    ++pos;
    return SQLITE_OK;
  }
  bool Eof() const { return pos >= rows.size(); }
  void ColumnValue(sqlite3_context* ctx, int i) {
    ResultCell(ctx, vtab()->table->columns()[i], row(), *vtab()->pool, &scratch);
  }
  sqlite3_int64 Rowid() const { return row(); }
};

struct Aux {
  const Table* table;
  const StringPool* pool;
};

int Connect(sqlite3* db, void* aux_ptr, int, const char* const*,
            sqlite3_vtab** out, char**) {
  auto* aux = static_cast<Aux*>(aux_ptr);
  std::string schema = "CREATE TABLE x(";
  bool first = true;
  for (const Column* c : aux->table->columns()) {
    if (!first) schema += ", ";
    first = false;
    schema += SqlColumnDef(*c);
    if (c->hidden()) schema += " HIDDEN";
  }
  schema += ")";
  int rc = sqlite3_declare_vtab(db, schema.c_str());
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new Vtab();
  vtab->table = aux->table;
  vtab->pool = aux->pool;
  *out = vtab;
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
    case SQLITE_INDEX_CONSTRAINT_LIKE: return 'k';
    case SQLITE_INDEX_CONSTRAINT_GLOB: return 'G';
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
    case 'k': return FilterOp::kLike;
    case 'G': return FilterOp::kGlob;
    case 'n': return FilterOp::kIsNull;
    default: return FilterOp::kIsNotNull;
  }
}

bool NeedsValue(char code) { return code != 'n' && code != 'N'; }

int Vtab::BestIndex(sqlite3_index_info* info) {
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
    // LIKE / GLOB are ours on string columns only (numbers match as text).
    if ((code == 'k' || code == 'G') && col->type() != ColumnType::kString) continue;
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

struct PlannedConstraint {
  uint32_t column;
  char code;
  bool in;
  sqlite3_value* value;
};

// Reads back the plan BestIndex wrote in idxStr: "<col><code><s|m>,"
// per constraint (m: an IN list), then "|<col><a|d>," per ORDER BY term.
void ParsePlan(const char* idx_str, int argc, sqlite3_value** argv,
               std::vector<PlannedConstraint>* planned, std::vector<OrderTerm>* order) {
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
      order->push_back({col, *p == 'd'});
      p += 2;
      continue;
    }
    char code = p[0];
    bool in = p[1] == 'm';
    p += 3;
    sqlite3_value* value = nullptr;
    if (NeedsValue(code) && arg < argc) value = argv[arg++];
    planned->push_back({col, code, in, value});
  }
}

int Cursor::Filter(int, const char* idx_str, int argc, sqlite3_value** argv) {
  const Table* table = vtab()->table;
  RowFilter filter(table, vtab()->pool);
  rows = RowSet(table->row_count());
  pos = 0;

  std::vector<PlannedConstraint> planned;
  std::vector<OrderTerm> order;
  ParsePlan(idx_str, argc, argv, &planned, &order);

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
    if (rows.size() == 0) break;
    if (pc.in) {
      // The list's values are only valid until the next step: copy them.
      std::vector<sqlite3_value*> values;
      sqlite3_value* v = nullptr;
      for (int rc = sqlite3_vtab_in_first(pc.value, &v); rc == SQLITE_OK && v;
           rc = sqlite3_vtab_in_next(pc.value, &v)) {
        values.push_back(sqlite3_value_dup(v));
      }
      filter.ApplyIn(pc.column, values, &rows);
      for (sqlite3_value* copy : values) sqlite3_value_free(copy);
      continue;
    }
    filter.Apply(pc.column, ToFilterOp(pc.code), pc.value, &rows);
  }
  backward = false;
  switch (filter.WalkFor(order)) {
    case RowFilter::Walk::kForward: break;
    case RowFilter::Walk::kBackward: backward = true; break;
    case RowFilter::Walk::kSort: filter.Sort(order, &rows); break;
  }
  return SQLITE_OK;
}

const sqlite3_module kModule = VtabModule<Vtab, Cursor>(Connect);

}  // namespace

const char* SqlType(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64: return "BIGINT";
    case ColumnType::kDouble: return "DOUBLE";
    case ColumnType::kString: return "TEXT";
  }
  return "";
}

std::string SqlColumnDef(const Column& column) {
  return "\"" + column.name() + "\" " + SqlType(column.type());
}

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
