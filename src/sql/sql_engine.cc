// SqlEngine: connection setup and the statement loop.
#include "src/sql/sql_engine.h"

#include <cctype>

#include "src/sql/functions.h"
#include "src/sql/operators/operator_tables.h"
#include "src/sql/table_vtab.h"

namespace weft {

SqlEngine::SqlEngine(const TraceStorage* storage) : storage_(storage) {}

SqlEngine::~SqlEngine() {
  if (db_) sqlite3_close(db_);
}

Status SqlEngine::Init() {
  if (sqlite3_open_v2(":memory:", &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    return Status::Error("cannot open SQLite connection");
  }
  for (const Table* t : storage_->AllTables()) {
    WEFT_RETURN_IF_ERROR(RegisterTableVtab(db_, t, &storage_->pool()));
  }
  WEFT_RETURN_IF_ERROR(RegisterFunctions(db_, storage_));
  WEFT_RETURN_IF_ERROR(RegisterOperatorTables(db_, storage_));
  return RegisterAliases();
}

Status SqlEngine::RegisterAliases() {
  // Perfetto's older names for tables weft stores under the new one.
  static constexpr const char* kAliases = "CREATE VIEW raw AS SELECT * FROM ftrace_event;";
  if (sqlite3_exec(db_, kAliases, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Status::Error(std::string("cannot create table aliases: ") + sqlite3_errmsg(db_));
  }
  return Status::Ok();
}

std::string SqlEngine::DescribeOffset(std::string_view sql, int offset) {
  int line = 1, col = 1;
  for (int i = 0; i < offset && i < static_cast<int>(sql.size()); ++i) {
    if (sql[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

Status SqlEngine::SqlError(std::string_view sql, int offset_base) {
  std::string msg = sqlite3_errmsg(db_);
  int off = sqlite3_error_offset(db_);
  if (off >= 0) {
    msg += " (at " + DescribeOffset(sql, offset_base + off) + ")";
  } else {
    // No exact position: name the statement that failed.
    int start = offset_base;
    while (start < static_cast<int>(sql.size()) &&
           isspace(static_cast<unsigned char>(sql[static_cast<size_t>(start)]))) {
      ++start;
    }
    msg += " (in the statement at " + DescribeOffset(sql, start) + ")";
  }
  return Status::Error(msg);
}

Status SqlEngine::Execute(std::string_view sql,
                          const StatementFn& on_statement) {
  const char* begin = sql.data();
  const char* end = sql.data() + sql.size();
  const char* cur = begin;
  while (cur < end) {
    sqlite3_stmt* stmt = nullptr;
    const char* tail = nullptr;
    int rc = sqlite3_prepare_v2(db_, cur, static_cast<int>(end - cur), &stmt,
                                &tail);
    if (rc != SQLITE_OK) {
      Status s = SqlError(sql, static_cast<int>(cur - begin));
      sqlite3_finalize(stmt);
      return s;
    }
    int stmt_offset = static_cast<int>(cur - begin);
    if (tail == cur) {
      // SQLite reads SQL text up to a NUL byte and makes no progress there.
      return Status::Error("the SQL text holds a NUL byte (at " +
                           DescribeOffset(sql, stmt_offset) + ")");
    }
    cur = tail;
    if (!stmt) continue;  // Whitespace or comment only.
    Status status;
    if (sqlite3_column_count(stmt) == 0) {
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      }
      if (rc != SQLITE_DONE) status = SqlError(sql, stmt_offset);
    } else {
      status = on_statement(stmt);
    }
    sqlite3_finalize(stmt);
    if (!status.ok()) return status;
  }
  return Status::Ok();
}

}  // namespace weft
