SELECT s.id, s.ts, t.tid, t.name AS thread, c.depth, f.name AS frame, sym.source_file,
  s.process_priority
FROM cpu_profile_stack_sample s
JOIN thread t USING (utid)
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id
LEFT JOIN stack_profile_symbol sym ON sym.symbol_set_id = f.symbol_set_id
ORDER BY s.id;
SELECT count(*) AS frames, count(DISTINCT mapping) AS mappings FROM stack_profile_frame;
SELECT count(*) AS slices FROM slice;
