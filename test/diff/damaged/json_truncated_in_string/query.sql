SELECT ts, dur, depth, name FROM slice ORDER BY ts, name;

SELECT name, severity, value FROM stats
WHERE value > 0 AND severity != 'info' ORDER BY name;

SELECT severity, name, byte_offset, extract_arg(arg_set_id, 'reason') AS reason
FROM _trace_import_logs ORDER BY id;

SELECT name, str_value, int_value FROM metadata
WHERE name GLOB 'json_metadata.*' ORDER BY name;
