SELECT s.ts, f.name FROM cpu_profile_stack_sample s
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id ORDER BY s.id;
SELECT name, value FROM stats WHERE name LIKE 'cpu_profile%' ORDER BY name;
