SELECT ts FROM cpu_profile_stack_sample ORDER BY id;
SELECT name, value FROM stats WHERE name LIKE 'cpu_profile%' OR name LIKE 'json_%failure' ORDER BY name;
SELECT name FROM slice;
