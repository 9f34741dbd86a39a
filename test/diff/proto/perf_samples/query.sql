SELECT ps.ts, t.tid, ps.cpu, ps.cpu_mode, ps.unwind_error, ps.perf_session_id,
  (SELECT name FROM stack_profile_frame f JOIN stack_profile_callsite c ON c.frame_id = f.id
   WHERE c.id = ps.callsite_id) AS leaf
FROM perf_sample ps JOIN thread t USING (utid) ORDER BY ps.ts;
SELECT id, cmdline FROM perf_session ORDER BY id;
SELECT pct.name, pct.cpu, pct.perf_session_id, pct.is_timebase, c.ts, c.value
FROM counter c JOIN perf_counter_track pct ON c.track_id = pct.id ORDER BY c.ts, pct.name;
SELECT ps.id AS sample_id, pcs.counter_set_id, c.value
FROM __intrinsic_profiler_sample ps
JOIN __intrinsic_profiler_counter_set pcs USING (counter_set_id)
JOIN counter c ON c.id = pcs.counter_id ORDER BY ps.id, c.id;
SELECT name, type, rel_pc FROM stack_profile_frame ORDER BY id;
SELECT name, build_id, start, end FROM stack_profile_mapping;
SELECT source, timebase_unit FROM __intrinsic_profiler_session ORDER BY id;
