// Scalar and table-valued functions written in SQL (see sql_functions.h).
#include "src/sql/perfetto_sql/sql_functions.h"

#include <unordered_map>
#include <vector>

#include "src/sql/perfetto_sql/sql_text.h"
#include "src/sql/vtab_module.h"

namespace weft {

namespace {

bool SameDefinition(const PerfettoStatement& a, const PerfettoStatement& b) {
  if (a.body != b.body || a.return_type != b.return_type || a.args.size() != b.args.size() ||
      a.columns.size() != b.columns.size()) {
    return false;
  }
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (a.args[i].name != b.args[i].name || a.args[i].type != b.args[i].type) return false;
  }
  return true;
}

// Binds argument i to the body's `$name` (absent parameters are fine: the
// body may not use every argument).
void BindArgs(sqlite3_stmt* stmt, const PerfettoStatement& def, sqlite3_value** argv) {
  for (size_t i = 0; i < def.args.size(); ++i) {
    int index = sqlite3_bind_parameter_index(stmt, ("$" + def.args[i].name).c_str());
    if (index > 0) sqlite3_bind_value(stmt, index, argv[i]);
  }
}

}  // namespace

struct ScalarSqlFunction {
  static constexpr int kMaxDepth = 200;
  sqlite3* db;
  PerfettoStatement def;
  std::vector<sqlite3_stmt*> idle;  // Prepared bodies not running now.
  bool memoize = false;
  std::unordered_map<int64_t, sqlite3_value*> memo;

  ~ScalarSqlFunction() {
    for (sqlite3_stmt* s : idle) sqlite3_finalize(s);
    for (auto& entry : memo) sqlite3_value_free(entry.second);
  }

  sqlite3_stmt* Acquire(std::string* error) {
    if (!idle.empty()) {
      sqlite3_stmt* s = idle.back();
      idle.pop_back();
      return s;
    }
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, def.body.c_str(), -1, &s, nullptr) != SQLITE_OK) {
      *error = def.name + ": " + sqlite3_errmsg(db);
      sqlite3_finalize(s);
      return nullptr;
    }
    return s;
  }

  void Release(sqlite3_stmt* s) {
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    idle.push_back(s);
  }

  static void Call(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
    auto* fn = static_cast<ScalarSqlFunction*>(sqlite3_user_data(ctx));
    fn->Run(ctx, argc, argv);
  }

  void Run(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
    // Each level nests a statement in SQLite's stack: a runaway recursion
    // must fail, not overflow the stack (64 KB in the wasm build).
    static thread_local int depth = 0;
    if (depth >= kMaxDepth) {
      std::string e = def.name + ": recursion deeper than " + std::to_string(kMaxDepth);
      return sqlite3_result_error(ctx, e.c_str(), -1);
    }
    ++depth;
    RunBody(ctx, argc, argv);
    --depth;
  }

  // DELEGATES TO: the other function called with the same arguments.
  void RunDelegate(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
    std::string sql = "SELECT " + def.delegate + "(";
    for (int i = 0; i < argc; ++i) sql += i ? ", ?" : "?";
    sql += ")";
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      std::string e = def.name + ": " + sqlite3_errmsg(db);
      sqlite3_finalize(stmt);
      return sqlite3_result_error(ctx, e.c_str(), -1);
    }
    for (int i = 0; i < argc; ++i) sqlite3_bind_value(stmt, i + 1, argv[i]);
    if (sqlite3_step(stmt) == SQLITE_ROW) sqlite3_result_value(ctx, sqlite3_column_value(stmt, 0));
    else sqlite3_result_error(ctx, sqlite3_errmsg(db), -1);
    sqlite3_finalize(stmt);
  }

  void RunBody(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
    if (!def.delegate.empty()) return RunDelegate(ctx, argc, argv);
    if (argc != static_cast<int>(def.args.size())) {
      std::string e = def.name + ": variadic arguments need DELEGATES TO";
      return sqlite3_result_error(ctx, e.c_str(), -1);
    }
    bool memo_key = memoize && argc == 1 && sqlite3_value_type(argv[0]) == SQLITE_INTEGER;
    if (memo_key) {
      auto it = memo.find(sqlite3_value_int64(argv[0]));
      if (it != memo.end()) return sqlite3_result_value(ctx, it->second);
    }
    std::string error;
    sqlite3_stmt* stmt = Acquire(&error);
    if (!stmt) return sqlite3_result_error(ctx, error.c_str(), -1);
    BindArgs(stmt, def, argv);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
      sqlite3_value* value = sqlite3_column_value(stmt, 0);
      sqlite3_result_value(ctx, value);
      if (memo_key && sqlite3_value_type(value) != SQLITE_NULL) {
        memo[sqlite3_value_int64(argv[0])] = sqlite3_value_dup(value);
      }
    } else if (rc == SQLITE_DONE) {
      sqlite3_result_null(ctx);
    } else {
      error = sqlite3_errmsg(db);  // Names the failing function already.
      sqlite3_result_error(ctx, error.c_str(), -1);
    }
    Release(stmt);
  }
};

struct TableSqlFunction {
  sqlite3* db;
  PerfettoStatement def;
};

namespace {

struct TableFnVtab : sqlite3_vtab {
  TableSqlFunction* fn = nullptr;

  // Every argument needs an `=` constraint on its hidden column.
  int BestIndex(sqlite3_index_info* info) {
    int n_cols = static_cast<int>(fn->def.columns.size());
    int n_args = static_cast<int>(fn->def.args.size());
    std::vector<bool> bound(static_cast<size_t>(n_args), false);
    for (int i = 0; i < info->nConstraint; ++i) {
      const auto& c = info->aConstraint[i];
      int arg = c.iColumn - n_cols;
      if (arg < 0 || !c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
      info->aConstraintUsage[i].argvIndex = arg + 1;
      info->aConstraintUsage[i].omit = 1;
      bound[static_cast<size_t>(arg)] = true;
    }
    for (bool b : bound) {
      if (!b) return SQLITE_CONSTRAINT;
    }
    info->estimatedCost = 1000;
    return SQLITE_OK;
  }
};

struct TableFnCursor : VtabCursor<TableFnVtab> {
  sqlite3_stmt* stmt = nullptr;
  std::vector<int> column_of;  // Declared column -> body column.
  std::vector<sqlite3_value*> args;
  int rc = SQLITE_DONE;
  sqlite3_int64 row = 0;

  ~TableFnCursor() { Clear(); }

  void Clear() {
    sqlite3_finalize(stmt);
    stmt = nullptr;
    for (sqlite3_value* v : args) sqlite3_value_free(v);
    args.clear();
  }

  int Filter(int, const char*, int argc, sqlite3_value** argv) {
    Clear();
    const PerfettoStatement& def = vtab()->fn->def;
    sqlite3* db = vtab()->fn->db;
    if (sqlite3_prepare_v2(db, def.body.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      return SetVtabError(vtab(), def.name + ": " + sqlite3_errmsg(db));
    }
    for (int i = 0; i < argc; ++i) args.push_back(sqlite3_value_dup(argv[i]));
    BindArgs(stmt, def, args.data());
    MapColumns(def);
    row = 0;
    return Next();
  }

  // By name, else by position.
  void MapColumns(const PerfettoStatement& def) {
    column_of.clear();
    int n = sqlite3_column_count(stmt);
    for (size_t i = 0; i < def.columns.size(); ++i) {
      int found = static_cast<int>(i) < n ? static_cast<int>(i) : -1;
      for (int c = 0; c < n; ++c) {
        if (sql_text::Lower(sqlite3_column_name(stmt, c)) == sql_text::Lower(def.columns[i].name)) {
          found = c;
        }
      }
      column_of.push_back(found);
    }
  }

  int Next() {
    rc = sqlite3_step(stmt);
    ++row;
    if (rc == SQLITE_ROW || rc == SQLITE_DONE) return SQLITE_OK;
    return SetVtabError(vtab(), sqlite3_errmsg(vtab()->fn->db));
  }
  bool Eof() const { return rc != SQLITE_ROW; }
  void ColumnValue(sqlite3_context* ctx, int column) {
    size_t c = static_cast<size_t>(column);
    if (c < column_of.size()) {
      if (column_of[c] >= 0) sqlite3_result_value(ctx, sqlite3_column_value(stmt, column_of[c]));
      return;
    }
    c -= column_of.size();
    if (c < args.size()) sqlite3_result_value(ctx, args[c]);
  }
  sqlite3_int64 Rowid() const { return row; }
};

int ConnectTableFn(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out,
                   char**) {
  auto* fn = static_cast<TableSqlFunction*>(aux);
  std::string schema = "CREATE TABLE x(";
  for (const SqlNameAndType& c : fn->def.columns) schema += "\"" + c.name + "\", ";
  for (const SqlNameAndType& a : fn->def.args) schema += "\"__arg_" + a.name + "\" HIDDEN, ";
  schema.resize(schema.size() - 2);
  schema += ")";
  int rc = sqlite3_declare_vtab(db, schema.c_str());
  if (rc != SQLITE_OK) return rc;
  auto* vtab = new TableFnVtab();
  vtab->fn = fn;
  *out = vtab;
  return SQLITE_OK;
}

const sqlite3_module kTableFnModule = VtabModule<TableFnVtab, TableFnCursor>(ConnectTableFn);

}  // namespace

SqlFunctionRegistry::SqlFunctionRegistry(sqlite3* db) : db_(db) {}
SqlFunctionRegistry::~SqlFunctionRegistry() = default;

Status SqlFunctionRegistry::Create(const PerfettoStatement& def) {
  return def.kind == PerfettoStatement::Kind::kTableFunction ? CreateTable(def)
                                                             : CreateScalar(def);
}

Status SqlFunctionRegistry::CreateScalar(const PerfettoStatement& def) {
  std::string key = sql_text::Lower(def.name);
  auto existing = scalars_.find(key);
  if (existing != scalars_.end()) {
    if (SameDefinition(existing->second->def, def)) return Status::Ok();
    if (!def.replace) return Status::Error("function " + def.name + " already exists");
  }
  auto fn = std::make_unique<ScalarSqlFunction>();
  fn->db = db_;
  fn->def = def;
  int argc = def.variadic ? -1 : static_cast<int>(def.args.size());
  int rc = sqlite3_create_function_v2(db_, def.name.c_str(), argc,
                                      SQLITE_UTF8, fn.get(), &ScalarSqlFunction::Call, nullptr,
                                      nullptr, nullptr);
  if (rc != SQLITE_OK) return Status::Error("cannot create function " + def.name + ": " +
                                            sqlite3_errmsg(db_));
  scalars_[key] = fn.get();
  all_scalars_.push_back(std::move(fn));
  return Status::Ok();
}

Status SqlFunctionRegistry::CreateTable(const PerfettoStatement& def) {
  std::string key = sql_text::Lower(def.name);
  auto existing = tables_.find(key);
  if (existing != tables_.end()) {
    if (SameDefinition(existing->second->def, def)) return Status::Ok();
    if (!def.replace) return Status::Error("function " + def.name + " already exists");
  }
  if (def.columns.empty()) return Status::Error(def.name + ": RETURNS TABLE() needs columns");
  auto fn = std::make_unique<TableSqlFunction>();
  fn->db = db_;
  fn->def = def;
  int rc = sqlite3_create_module_v2(db_, def.name.c_str(), &kTableFnModule, fn.get(), nullptr);
  if (rc != SQLITE_OK) return Status::Error("cannot create function " + def.name + ": " +
                                            sqlite3_errmsg(db_));
  tables_[key] = fn.get();
  all_tables_.push_back(std::move(fn));
  return Status::Ok();
}

Status SqlFunctionRegistry::Memoize(const std::string& name) {
  auto it = scalars_.find(sql_text::Lower(name));
  if (it == scalars_.end()) return Status::Error("EXPERIMENTAL_MEMOIZE: no function " + name);
  if (it->second->def.args.size() != 1) {
    return Status::Error("EXPERIMENTAL_MEMOIZE: " + name + " must take one argument");
  }
  it->second->memoize = true;
  return Status::Ok();
}

}  // namespace weft
