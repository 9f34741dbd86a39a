SELECT s.ts, t.tid, s.process_priority, s.callsite_id, c.depth, f.name AS leaf
FROM cpu_profile_stack_sample s JOIN thread t USING (utid)
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id ORDER BY s.ts;
SELECT ts, name FROM slice;
SELECT name, value FROM stats WHERE name GLOB 'stackprofile_*' AND value > 0;
