SELECT ss.ts, ss.source, tc.upid IS NOT NULL AS has_process, t.tid, ac.name AS async_name,
  ac.kind AS async_kind, ec.ucpu, ec.cpu_mode, ss.session_id,
  (SELECT name FROM stack_profile_frame f JOIN stack_profile_callsite c ON c.frame_id = f.id
   WHERE c.id = ss.callsite_id) AS leaf
FROM stack_sample ss
LEFT JOIN stack_sample_task_context tc ON tc.id = ss.task_context_id
LEFT JOIN thread t ON t.utid = tc.utid
LEFT JOIN stack_sample_async_context ac ON ac.id = tc.async_context_id
LEFT JOIN stack_sample_execution_context ec ON ec.id = ss.execution_context_id
ORDER BY ss.ts;
SELECT count(*) AS task_contexts FROM __intrinsic_profiler_task_context;
SELECT ss.ts, ct.name, ct.unit, ct.description, ct.is_timebase, ct.session_id, c.value
FROM stack_sample ss JOIN stack_sample_counter c ON c.stack_sample_id = ss.id
JOIN stack_sample_counter_track ct ON ct.id = c.track_id ORDER BY ss.ts, ct.name;
SELECT id, source, timebase_unit FROM stack_sample_session ORDER BY id;
SELECT ts, unwind_error FROM __intrinsic_profiler_sample WHERE unwind_error IS NOT NULL;
SELECT DISTINCT m.name FROM stack_profile_frame f JOIN stack_profile_mapping m ON m.id = f.mapping;
