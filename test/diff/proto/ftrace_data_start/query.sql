SELECT m.raw_id, md.int_value, md.trace_id
FROM metadata md JOIN machine m ON md.machine_id = m.id
WHERE md.name = 'ftrace_latest_data_start_ns'
ORDER BY m.raw_id;
