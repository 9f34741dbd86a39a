SELECT s.ts, t.tid, p.pid, c.depth, f.name, sym.source_file FROM cpu_profile_stack_sample s
JOIN thread t USING (utid)
LEFT JOIN process p USING (upid)
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id
LEFT JOIN stack_profile_symbol sym ON sym.symbol_set_id = f.symbol_set_id
ORDER BY s.id;
SELECT count(*) AS frames FROM stack_profile_frame;
SELECT start_ts, end_ts FROM trace_bounds;
