// Creates the analysis tables, views and run_analysis() on a connection.
#include "src/analysis/analysis_views.h"

#include <string>

#include "src/analysis/analysis_runner.h"
#include "src/analysis/annotation_catalog.h"
#include "src/analysis/builtin_analyses.h"

namespace weft {
namespace {

constexpr char kViews[] = R"sql(
CREATE TABLE builtin_analysis(name TEXT NOT NULL, derives_events INT NOT NULL);
CREATE TABLE annotation_catalog(
  match TEXT NOT NULL, is_pattern INT NOT NULL, description TEXT, link TEXT);
-- RunTask slices DevTools counts as long tasks: over 50 ms, not on a
-- worker thread (threads named by TracingSessionIdForWorker events).
CREATE VIEW chrome_long_task AS
SELECT s.id AS slice_id, s.ts, s.dur, tt.utid, t.upid
FROM slice s
LEFT JOIN thread_track tt ON s.track_id = tt.id
LEFT JOIN thread t ON t.utid = tt.utid
WHERE s.name = 'RunTask' AND s.dur > 50000000
  AND (t.tid IS NULL OR t.tid NOT IN (
    SELECT extract_arg(w.arg_set_id, 'args.data.workerThreadId') FROM slice w
    WHERE w.name = 'TracingSessionIdForWorker'
      AND extract_arg(w.arg_set_id, 'args.data.workerThreadId') IS NOT NULL));
CREATE VIEW slice_annotation AS
SELECT slice_id, description, link, alert_type, kind FROM annotation_rows
UNION ALL
SELECT s.id AS slice_id, c.description, c.link, NULL AS alert_type, 'catalog' AS kind
FROM slice s CROSS JOIN annotation_catalog c
WHERE c.is_pattern = 0 AND c.match = s.name
UNION ALL
SELECT s.id AS slice_id, c.description, c.link, NULL AS alert_type, 'catalog' AS kind
FROM slice s CROSS JOIN annotation_catalog c
WHERE c.is_pattern = 1 AND s.name GLOB c.match;
CREATE VIEW alert AS
SELECT a.slice_id, s.ts, s.dur, a.alert_type, a.kind, s.name, a.description, a.link
FROM annotation_rows a JOIN slice s ON s.id = a.slice_id
WHERE a.alert_type IS NOT NULL;
)sql";

// Runs |insert| once per item, |bind| binding the item's values.
template <typename Items, typename BindFn>
Status InsertAll(sqlite3* db, const char* insert, const Items& items, BindFn bind) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, insert, -1, &stmt, nullptr) != SQLITE_OK) {
    return Status::Error(sqlite3_errmsg(db));
  }
  for (const auto& item : items) {
    bind(stmt, item);
    sqlite3_step(stmt);
    sqlite3_reset(stmt);
  }
  sqlite3_finalize(stmt);
  return Status::Ok();
}

Status FillTables(sqlite3* db) {
  WEFT_RETURN_IF_ERROR(InsertAll(
      db, "INSERT INTO annotation_catalog VALUES (?, ?, ?, ?)", AnnotationCatalog(),
      [](sqlite3_stmt* stmt, const CatalogEntry& e) {
        sqlite3_bind_text(stmt, 1, e.match, -1, SQLITE_STATIC);
        sqlite3_bind_int(stmt, 2, IsCatalogPattern(e.match));
        sqlite3_bind_text(stmt, 3, e.description, -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 4, e.link, -1, SQLITE_STATIC);
      }));
  return InsertAll(db, "INSERT INTO builtin_analysis VALUES (?, ?)", BuiltinAnalyses(),
                   [](sqlite3_stmt* stmt, const BuiltinAnalysis& a) {
                     sqlite3_bind_text(stmt, 1, a.name, -1, SQLITE_STATIC);
                     sqlite3_bind_int(stmt, 2, a.derives_events);
                   });
}

struct RunContext {
  SqlEngine* engine;
  TraceStorage* storage;
};

void DeleteRunContext(void* p) { delete static_cast<RunContext*>(p); }

// run_analysis(name) runs a built-in analysis; run_analysis(name, sql) runs
// |sql| as analysis |name|. Returns what was added, as text.
void RunAnalysisFunction(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  auto* run = static_cast<RunContext*>(sqlite3_user_data(ctx));
  const unsigned char* name = sqlite3_value_text(argv[0]);
  if (!name) return sqlite3_result_error(ctx, "run_analysis: the name is NULL", -1);
  std::string sql;
  if (argc == 2) {
    const unsigned char* text = sqlite3_value_text(argv[1]);
    if (!text) return sqlite3_result_error(ctx, "run_analysis: the SQL is NULL", -1);
    sql = reinterpret_cast<const char*>(text);
  } else {
    const BuiltinAnalysis* builtin = FindBuiltinAnalysis(reinterpret_cast<const char*>(name));
    if (!builtin) {
      std::string msg = std::string("run_analysis: no built-in analysis named ") +
                        reinterpret_cast<const char*>(name);
      return sqlite3_result_error(ctx, msg.c_str(), -1);
    }
    sql = builtin->sql;
  }
  AnalysisOutput out;
  Status status = RunAnalysis(run->storage, run->engine, reinterpret_cast<const char*>(name),
                              sql, &out);
  if (!status.ok()) return sqlite3_result_error(ctx, status.message().c_str(), -1);
  std::string summary = "slices=" + std::to_string(out.slices) +
                        " counters=" + std::to_string(out.counters) +
                        " annotations=" + std::to_string(out.annotations) +
                        " tracks=" + std::to_string(out.tracks);
  sqlite3_result_text(ctx, summary.c_str(), -1, SQLITE_TRANSIENT);
}

}  // namespace

Status InstallAnalysisViews(SqlEngine* engine, TraceStorage* storage) {
  WEFT_RETURN_IF_ERROR(engine->Execute(kViews, [](sqlite3_stmt*) { return Status::Ok(); }));
  WEFT_RETURN_IF_ERROR(FillTables(engine->db()));
  auto* run = new RunContext{engine, storage};
  for (int argc : {1, 2}) {
    int rc = sqlite3_create_function_v2(
        engine->db(), "run_analysis", argc, SQLITE_UTF8, run, RunAnalysisFunction, nullptr,
        nullptr, argc == 2 ? DeleteRunContext : nullptr);
    if (rc != SQLITE_OK) return Status::Error(sqlite3_errmsg(engine->db()));
  }
  return Status::Ok();
}

}  // namespace weft
