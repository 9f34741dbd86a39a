// SqlEngine: connection setup and the statement loop.
#include "src/sql/sql_engine.h"

#include <cctype>

#include "src/sql/functions.h"
#include "src/sql/operators/operator_tables.h"
#include "src/sql/perfetto_sql/perfetto_sql.h"
#include "src/sql/perfetto_sql/sql_text.h"
#include "src/sql/profiler_views.h"
#include "src/sql/table_vtab.h"

namespace weft {

SqlEngine::SqlEngine(const TraceStorage* storage) : storage_(storage) {}

SqlEngine::~SqlEngine() {
  perfetto_sql_.reset();  // Finalizes its statements.
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
  auto discard_rows = [](sqlite3_stmt* stmt) {
    while (sqlite3_step(stmt) == SQLITE_ROW) {
    }
    return Status::Ok();
  };
  perfetto_sql_ = std::make_unique<PerfettoSql>(
      db_, [this, discard_rows](std::string_view sql) { return Execute(sql, discard_rows); });
  WEFT_RETURN_IF_ERROR(perfetto_sql_->Init());
  WEFT_RETURN_IF_ERROR(RegisterProfilerViews(db_));
  return RegisterAliases();
}

Status SqlEngine::RegisterAliases() {
  // Perfetto's older names for tables weft stores under the new one.
  static constexpr const char* kAliases =
      "CREATE VIEW raw AS SELECT * FROM ftrace_event;"
      "CREATE VIEW slices AS SELECT * FROM slice;"
      // Perfetto's instant events: the zero-duration slices.
      "CREATE VIEW instant AS SELECT ts, track_id, name, arg_set_id FROM slice WHERE dur = 0;"
      // Counter values with their track's name and unit, in time order.
      "CREATE VIEW counters AS SELECT c.*, t.name AS name, t.unit AS unit FROM counter c "
      "JOIN counter_track t ON c.track_id = t.id ORDER BY c.ts;";
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
  const char* cur = begin;
  while (cur < begin + sql.size()) {
    size_t start = sql_text::SkipSpace(sql, static_cast<size_t>(cur - begin));
    size_t end = sql_text::StatementEnd(sql, start);
    std::string_view stmt = sql.substr(start, end - start);
    std::string expanded;
    bool handled = false;
    Status status;
    if (perfetto_sql_ && start < sql.size()) {
      status = perfetto_sql_->Process(stmt, &expanded, &handled);
    }
    if (status.ok() && !expanded.empty()) status = Execute(expanded, on_statement);
    if (!status.ok()) {
      return Status::Error(status.message() + " (in the statement at " +
                           DescribeOffset(sql, static_cast<int>(start)) + ")");
    }
    if (handled || !expanded.empty()) {
      cur = begin + end;
      continue;
    }
    WEFT_RETURN_IF_ERROR(ExecuteSqlite(sql, &cur, on_statement));
  }
  return Status::Ok();
}

// A single column named suppress_query_output: run for its effects, print
// nothing (Perfetto's convention).
static bool IsSuppressed(sqlite3_stmt* stmt) {
  const char* name = sqlite3_column_name(stmt, 0);
  return sqlite3_column_count(stmt) == 1 && name &&
         std::string_view(name) == "suppress_query_output";
}

Status SqlEngine::ExecuteSqlite(std::string_view sql, const char** cur_ptr,
                                const StatementFn& on_statement) {
  const char* begin = sql.data();
  const char* end = sql.data() + sql.size();
  const char* cur = *cur_ptr;
  sqlite3_stmt* stmt = nullptr;
  const char* tail = nullptr;
  int rc = sqlite3_prepare_v2(db_, cur, static_cast<int>(end - cur), &stmt, &tail);
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
  *cur_ptr = tail;
  if (!stmt) return Status::Ok();  // Whitespace or comment only.
  Status status;
  if (sqlite3_column_count(stmt) == 0 || IsSuppressed(stmt)) {
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) status = SqlError(sql, stmt_offset);
  } else {
    status = on_statement(stmt);
  }
  sqlite3_finalize(stmt);
  return status;
}

}  // namespace weft
