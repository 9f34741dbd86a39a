// perfetto_table_info (see table_info.h).
#include "src/sql/perfetto_sql/table_info.h"

#include <string>
#include <vector>

#include "src/sql/vtab_module.h"

namespace weft {
namespace {

constexpr int kTableNameColumn = 5;

struct ColumnInfo {
  std::string name;
  std::string type;
  bool nullable = false;
  int sorted = 0;
};

// What the values of one column allow, updated row by row.
struct ColumnScan {
  bool any_double = false, any_text = false, nullable = false;
  bool is_id = true, ascending = true, fits_uint32 = true;
  bool has_prev = false;
  sqlite3_value* prev = nullptr;

  ~ColumnScan() { sqlite3_value_free(prev); }

  void Add(sqlite3_value* v, int64_t row) {
    int type = sqlite3_value_type(v);
    if (type == SQLITE_NULL) nullable = true;
    if (type == SQLITE_FLOAT) any_double = true;
    if (type == SQLITE_TEXT || type == SQLITE_BLOB) any_text = true;
    int64_t i = sqlite3_value_int64(v);
    if (type != SQLITE_INTEGER || i != row) is_id = false;
    if (type != SQLITE_INTEGER || i < 0 || i > 0xffffffffll) fits_uint32 = false;
    if (has_prev && Compare(prev, v) > 0) ascending = false;
    sqlite3_value_free(prev);
    prev = sqlite3_value_dup(v);
    has_prev = true;
  }

  static int Compare(sqlite3_value* a, sqlite3_value* b) {
    int ta = sqlite3_value_type(a), tb = sqlite3_value_type(b);
    if (ta == SQLITE_NULL || tb == SQLITE_NULL) return (ta != SQLITE_NULL) - (tb != SQLITE_NULL);
    if (ta == SQLITE_TEXT && tb == SQLITE_TEXT) {
      return std::string(reinterpret_cast<const char*>(sqlite3_value_text(a)))
          .compare(reinterpret_cast<const char*>(sqlite3_value_text(b)));
    }
    double x = sqlite3_value_double(a), y = sqlite3_value_double(b);
    return (x > y) - (x < y);
  }

  ColumnInfo Info(const std::string& name) const {
    ColumnInfo info{name, "", nullable, 3};
    if (any_text) info.type = "string";
    else if (any_double) info.type = "double";
    else if (is_id && !nullable) info.type = "id";
    else if (fits_uint32 && !nullable) info.type = "uint32";
    else info.type = "int64";
    if (info.type == "id") info.sorted = 0;
    else if (ascending) info.sorted = 2;
    return info;
  }
};

struct InfoVtab : sqlite3_vtab {
  sqlite3* db = nullptr;
  int BestIndex(sqlite3_index_info* info) {
    for (int i = 0; i < info->nConstraint; ++i) {
      const auto& c = info->aConstraint[i];
      if (c.iColumn != kTableNameColumn || !c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
      info->aConstraintUsage[i].argvIndex = 1;
      info->aConstraintUsage[i].omit = 1;
      info->estimatedCost = 100;
      return SQLITE_OK;
    }
    return SQLITE_CONSTRAINT;
  }
};

struct InfoCursor : VtabCursor<InfoVtab> {
  std::vector<ColumnInfo> columns;
  size_t row = 0;

  int Filter(int, const char*, int, sqlite3_value** argv) {
    columns.clear();
    row = 0;
    const unsigned char* name = sqlite3_value_text(argv[0]);
    std::string table = name ? reinterpret_cast<const char*>(name) : "";
    std::string sql = "SELECT * FROM \"" + table + "\"";
    sqlite3* db = vtab()->db;
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      std::string e = "perfetto_table_info: " + std::string(sqlite3_errmsg(db));
      sqlite3_finalize(stmt);
      return SetVtabError(vtab(), e);
    }
    int n = sqlite3_column_count(stmt);
    std::vector<ColumnScan> scans(static_cast<size_t>(n));
    int64_t r = 0;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
      for (int c = 0; c < n; ++c) scans[static_cast<size_t>(c)].Add(sqlite3_column_value(stmt, c), r);
      ++r;
    }
    bool has_id = false;
    for (int c = 0; c < n; ++c) {
      columns.push_back(scans[static_cast<size_t>(c)].Info(sqlite3_column_name(stmt, c)));
      has_id |= columns.back().type == "id";
    }
    sqlite3_finalize(stmt);
    if (!has_id) columns.push_back({"_auto_id", "id", false, 0});
    return SQLITE_OK;
  }
  int Next() {
    ++row;
    return SQLITE_OK;
  }
  bool Eof() const { return row >= columns.size(); }
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(row); }
  void ColumnValue(sqlite3_context* ctx, int column) {
    const ColumnInfo& c = columns[row];
    switch (column) {
      case 0: return sqlite3_result_int64(ctx, static_cast<sqlite3_int64>(row));
      case 1: return sqlite3_result_text(ctx, c.name.c_str(), -1, SQLITE_TRANSIENT);
      case 2: return sqlite3_result_text(ctx, c.type.c_str(), -1, SQLITE_TRANSIENT);
      case 3: return sqlite3_result_int(ctx, c.nullable ? 1 : 0);
      case 4: return sqlite3_result_int(ctx, c.sorted);
      default: return sqlite3_result_null(ctx);
    }
  }
};

int Connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(
      db, "CREATE TABLE x(id, name, col_type, nullable, sorted, table_name HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new InfoVtab();
  vtab->db = db;
  *out = vtab;
  return SQLITE_OK;
}

const sqlite3_module kModule = VtabModule<InfoVtab, InfoCursor>(&Connect);

}  // namespace

Status RegisterTableInfo(sqlite3* db) {
  if (sqlite3_create_module_v2(db, "perfetto_table_info", &kModule, nullptr, nullptr) != SQLITE_OK) {
    return Status::Error("cannot register perfetto_table_info");
  }
  return Status::Ok();
}

}  // namespace weft
