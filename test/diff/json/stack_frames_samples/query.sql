SELECT s.ts, t.tid, t.name AS thread, c.depth, f.name, m.name AS mapping FROM cpu_profile_stack_sample s
JOIN thread t USING (utid)
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id
JOIN stack_profile_mapping m ON m.id = f.mapping
ORDER BY s.id;
SELECT name, value FROM stats WHERE name LIKE 'cpu_profile%' ORDER BY name;
