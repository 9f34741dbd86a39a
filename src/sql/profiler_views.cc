// The sampler views: plain SQL over the __intrinsic_profiler_* tables, as
// Perfetto defines them. The execution context's ucpu is the cpu number
// (Perfetto's ucpu on the host machine).
#include "src/sql/profiler_views.h"

#include <string>

namespace weft {
namespace {

constexpr char kViews[] = R"sql(
CREATE VIEW perf_session AS
SELECT id, cmdline FROM __intrinsic_profiler_session WHERE source = 'linux.perf';

-- One row per perf sample, counter-only samples (no callstack) included.
CREATE VIEW perf_sample AS
SELECT ps.id, ps.ts, tc.utid, ec.ucpu AS cpu, COALESCE(ec.cpu_mode, 'unknown') AS cpu_mode,
  ps.callsite_id, ps.unwind_error, ps.session_id AS perf_session_id
FROM __intrinsic_profiler_sample ps
LEFT JOIN __intrinsic_profiler_task_context tc ON tc.id = ps.task_context_id
LEFT JOIN __intrinsic_profiler_execution_context ec ON ec.id = ps.execution_context_id
WHERE ps.source = 'linux.perf';

CREATE VIEW perf_counter_track AS
SELECT ct.id, ct.name, ct.type, ct.parent_id, ct.source_arg_set_id, ct.machine_id, ct.unit,
  ct.description,
  extract_arg(ct.dimension_arg_set_id, 'perf_session_id') AS perf_session_id,
  extract_arg(ct.dimension_arg_set_id, 'cpu') AS cpu,
  extract_arg(ct.source_arg_set_id, 'is_timebase') AS is_timebase
FROM counter_track ct WHERE ct.type = 'perf_cpu_counter';

-- The stack_sample views show only what samples with a callstack use.
CREATE VIEW stack_sample AS
SELECT id, ts, source, task_context_id, execution_context_id, callsite_id, session_id
FROM __intrinsic_profiler_sample WHERE callsite_id IS NOT NULL;

CREATE VIEW stack_sample_session AS
SELECT id, source, timebase_unit, cmdline FROM __intrinsic_profiler_session
WHERE id IN (SELECT session_id FROM __intrinsic_profiler_sample
             WHERE callsite_id IS NOT NULL AND session_id IS NOT NULL);

CREATE VIEW stack_sample_async_context AS
WITH RECURSIVE referenced(id) AS (
  SELECT tc.async_context_id FROM __intrinsic_profiler_sample ps
  JOIN __intrinsic_profiler_task_context tc ON tc.id = ps.task_context_id
  WHERE ps.callsite_id IS NOT NULL AND tc.async_context_id IS NOT NULL
  UNION
  SELECT ac.parent_id FROM __intrinsic_profiler_async_context ac
  JOIN referenced r ON ac.id = r.id WHERE ac.parent_id IS NOT NULL)
SELECT id, name, kind, parent_id FROM __intrinsic_profiler_async_context
WHERE id IN (SELECT id FROM referenced);

CREATE VIEW stack_sample_task_context AS
SELECT id, upid, utid, async_context_id FROM __intrinsic_profiler_task_context
WHERE id IN (SELECT task_context_id FROM __intrinsic_profiler_sample
             WHERE callsite_id IS NOT NULL);

CREATE VIEW stack_sample_execution_context AS
SELECT id, ucpu, cpu_mode FROM __intrinsic_profiler_execution_context
WHERE id IN (SELECT execution_context_id FROM __intrinsic_profiler_sample
             WHERE callsite_id IS NOT NULL);

CREATE VIEW stack_sample_counter_track AS
SELECT ct.id, ct.name, ct.type, ct.parent_id, ct.source_arg_set_id, ct.machine_id, ct.unit,
  ct.description,
  coalesce(extract_arg(ct.dimension_arg_set_id, 'session_id'),
           extract_arg(ct.dimension_arg_set_id, 'perf_session_id')) AS session_id,
  extract_arg(ct.dimension_arg_set_id, 'cpu') AS cpu,
  extract_arg(ct.source_arg_set_id, 'is_timebase') AS is_timebase
FROM counter_track ct
WHERE ct.id IN (
  SELECT c.track_id FROM __intrinsic_profiler_sample ps
  JOIN __intrinsic_profiler_counter_set pcs ON pcs.counter_set_id = ps.counter_set_id
  JOIN counter c ON c.id = pcs.counter_id
  WHERE ps.callsite_id IS NOT NULL);

CREATE VIEW stack_sample_counter AS
SELECT c.id, ps.id AS stack_sample_id, c.track_id, c.value
FROM __intrinsic_profiler_sample ps
JOIN __intrinsic_profiler_counter_set pcs ON pcs.counter_set_id = ps.counter_set_id
JOIN counter c ON c.id = pcs.counter_id
WHERE ps.callsite_id IS NOT NULL;
)sql";

}  // namespace

Status RegisterProfilerViews(sqlite3* db) {
  char* error = nullptr;
  if (sqlite3_exec(db, kViews, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = std::string("cannot create the profiler views: ") + error;
    sqlite3_free(error);
    return Status::Error(message);
  }
  return Status::Ok();
}

}  // namespace weft
