SELECT s.ts, t.tid, c.depth, f.name FROM cpu_profile_stack_sample s
JOIN thread t USING (utid)
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id ORDER BY s.id;
SELECT count(*) AS slices FROM slice;
