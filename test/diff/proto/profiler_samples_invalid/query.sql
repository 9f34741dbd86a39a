SELECT ts, utid IS NOT NULL AS has_thread, callsite_id, cpu_mode FROM perf_sample ORDER BY ts;
SELECT c.ts, pct.name, c.value FROM counter c JOIN perf_counter_track pct ON pct.id = c.track_id
ORDER BY c.ts;
SELECT ss.ts, ss.task_context_id, ss.execution_context_id, tc.upid IS NOT NULL AS has_process,
  tc.async_context_id,
  (SELECT count(*) FROM stack_sample_counter c WHERE c.stack_sample_id = ss.id) AS counters
FROM stack_sample ss LEFT JOIN stack_sample_task_context tc ON tc.id = ss.task_context_id
ORDER BY ss.ts;
SELECT name, value FROM stats
WHERE (name GLOB 'perf_*' OR name GLOB 'stack_sample_*' OR name GLOB 'stackprofile_*') AND value > 0
ORDER BY name;
