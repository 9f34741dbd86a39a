SELECT name, idx, value, machine_id, trace_id FROM stats WHERE name GLOB 'ftrace_cpu_*' AND value > 0 ORDER BY name, machine_id, idx;
SELECT id, raw_id FROM machine ORDER BY id;
