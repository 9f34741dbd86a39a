// PerfettoSql: statement dispatch, PERFETTO TABLE / VIEW, modules (see
// perfetto_sql.h).
#include "src/sql/perfetto_sql/perfetto_sql.h"

#include "src/sql/perfetto_sql/embedded_modules.h"
#include "src/sql/perfetto_sql/legacy_functions.h"
#include "src/sql/perfetto_sql/sql_text.h"
#include "src/sql/perfetto_sql/stdlib_objects_table.h"
#include "src/sql/perfetto_sql/table_info.h"

namespace weft {

using Kind = PerfettoStatement::Kind;

PerfettoSql::PerfettoSql(sqlite3* db, RunSqlFn run)
    : db_(db), run_(std::move(run)), functions_(db) {}

Status PerfettoSql::Init() {
  for (size_t i = 0; i < kEmbeddedSqlModuleCount; ++i) {
    AddModule(kEmbeddedSqlModules[i].name, kEmbeddedSqlModules[i].sql);
  }
  WEFT_RETURN_IF_ERROR(RegisterTableInfo(db_));
  WEFT_RETURN_IF_ERROR(RegisterStdlibObjectsTable(db_));
  return RegisterLegacyFunctions(db_, this);
}

Status PerfettoSql::Process(std::string_view stmt, std::string* expanded, bool* handled) {
  *handled = false;
  expanded->clear();
  PerfettoStatement parsed;
  WEFT_RETURN_IF_ERROR(ParsePerfettoStatement(stmt, &parsed));
  if (parsed.kind == Kind::kMacro) {
    *handled = true;
    return macros_.Define(parsed);
  }
  if (MacroRegistry::MayHaveCalls(stmt)) {
    WEFT_RETURN_IF_ERROR(macros_.Expand(stmt, expanded));
    if (*expanded != stmt) return Status::Ok();
    expanded->clear();
  }
  if (parsed.kind == Kind::kNotPerfetto) {
    if (running_legacy_ || !IsLegacyFunctionStatement(stmt)) return Status::Ok();
    *handled = true;
    running_legacy_ = true;  // run_ hands the statement to SQLite this time.
    Status status = run_(stmt);  // Its rows are discarded.
    running_legacy_ = false;
    return status;
  }
  *handled = true;
  return Run(parsed);
}

Status PerfettoSql::Run(const PerfettoStatement& stmt) {
  switch (stmt.kind) {
    case Kind::kTable:
      return CreateRelation(stmt, "TABLE");
    case Kind::kView:
      return CreateRelation(stmt, "VIEW");
    case Kind::kFunction:
    case Kind::kTableFunction:
      return functions_.Create(stmt);
    case Kind::kInclude:
      return Include(stmt.name);
    case Kind::kIndex:
    case Kind::kDropIndex:
      return RunIndex(stmt);
    case Kind::kMacro:
    case Kind::kNotPerfetto:
      break;
  }
  return Status::Ok();
}

Status PerfettoSql::CreateRelation(const PerfettoStatement& stmt, const char* kind) {
  std::string quoted = "\"" + stmt.name + "\"";
  std::string sql;
  if (stmt.replace) sql += std::string("DROP ") + kind + " IF EXISTS " + quoted + ";\n";
  sql += std::string("CREATE ") + kind + " " + quoted + " AS " + stmt.body + ";";
  Status status = run_(sql);
  if (status.ok()) return status;
  return Status::Error(std::string("CREATE PERFETTO ") + kind + " " + stmt.name + ": " +
                       status.message());
}

namespace {

// A table of rows stored by SQLite (a PERFETTO TABLE), not a virtual one.
bool IsStoredTable(sqlite3* db, const std::string& name) {
  sqlite3_stmt* stmt = nullptr;
  const char* sql =
      "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1 "
      "AND sql NOT LIKE 'CREATE VIRTUAL%' "
      "UNION ALL SELECT 1 FROM sqlite_temp_schema WHERE type = 'table' AND name = ?1";
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK) return false;
  sqlite3_bind_text(stmt, 1, name.c_str(), -1, SQLITE_TRANSIENT);
  bool found = sqlite3_step(stmt) == SQLITE_ROW;
  sqlite3_finalize(stmt);
  return found;
}

}  // namespace

// Perfetto keys an index by (table, name); SQLite's names are per schema,
// so the SQLite index is named after both. The trace's own tables are
// virtual tables, which SQLite cannot index: there the index (a speed hint
// in Perfetto) is accepted and does nothing; their columns have their own
// lookups (docs/perfetto_sql.md).
Status PerfettoSql::RunIndex(const PerfettoStatement& stmt) {
  if (!IsStoredTable(db_, stmt.on_table)) {
    sqlite3_stmt* probe = nullptr;
    std::string sql = "SELECT * FROM \"" + stmt.on_table + "\" LIMIT 0";
    int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &probe, nullptr);
    sqlite3_finalize(probe);
    if (rc == SQLITE_OK) return Status::Ok();
  }
  std::string quoted = "\"" + stmt.on_table + "." + stmt.name + "\"";
  std::string sql;
  if (stmt.kind == Kind::kDropIndex || stmt.replace) sql += "DROP INDEX IF EXISTS " + quoted + ";\n";
  if (stmt.kind == Kind::kIndex) {
    sql += "CREATE INDEX " + quoted + " ON \"" + stmt.on_table + "\"(";
    for (size_t i = 0; i < stmt.index_columns.size(); ++i) {
      sql += (i ? ", " : "") + stmt.index_columns[i];
    }
    sql += ");";
  }
  Status status = run_(sql);
  if (status.ok()) return status;
  std::string what = stmt.kind == Kind::kIndex ? "CREATE PERFETTO INDEX " : "DROP PERFETTO INDEX ";
  return Status::Error(what + stmt.name + " ON " + stmt.on_table + ": " + status.message());
}

void PerfettoSql::AddModule(const std::string& name, std::string sql) {
  Module& module = modules_[name];
  if (module.sql != sql) module.included = false;  // A new text runs again.
  module.sql = std::move(sql);
}

Status PerfettoSql::Include(const std::string& name) {
  if (!name.empty() && name.back() == '*') {
    std::string prefix = name.substr(0, name.size() - 1);
    bool any = false;
    for (auto& entry : modules_) {
      if (entry.first.compare(0, prefix.size(), prefix) != 0) continue;
      any = true;
      WEFT_RETURN_IF_ERROR(IncludeOne(entry.first, &entry.second));
    }
    if (!any) return Status::Error("INCLUDE PERFETTO MODULE: no module matches " + name);
    return Status::Ok();
  }
  auto it = modules_.find(name);
  if (it == modules_.end()) {
    return Status::Error("INCLUDE PERFETTO MODULE: unknown module " + name);
  }
  return IncludeOne(name, &it->second);
}

Status PerfettoSql::RunModuleWith(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& vars) {
  auto it = modules_.find(name);
  if (it == modules_.end()) return Status::Error("RUN_METRIC: unknown metric file " + name);
  std::string sql = it->second.sql;
  for (const auto& var : vars) {
    std::string key = "{{" + var.first + "}}";
    for (size_t p = sql.find(key); p != std::string::npos; p = sql.find(key, p + var.second.size())) {
      sql.replace(p, key.size(), var.second);
    }
  }
  Status status = run_(sql);
  if (status.ok()) return status;
  return Status::Error("RUN_METRIC " + name + ": " + status.message());
}

Status PerfettoSql::IncludeOne(const std::string& name, Module* module) {
  if (module->included) return Status::Ok();
  module->included = true;  // Before running: a module may include itself.
  Status status = run_(module->sql);
  if (status.ok()) return status;
  module->included = false;
  return Status::Error("module " + name + ": " + status.message());
}

}  // namespace weft
