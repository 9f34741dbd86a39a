SELECT ts, callsite_id FROM cpu_profile_stack_sample ORDER BY id;
SELECT name, value FROM stats WHERE name LIKE 'cpu_profile%' ORDER BY name;
