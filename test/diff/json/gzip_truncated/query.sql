SELECT id, ts, dur, name, depth, parent_id
FROM slice
ORDER BY id;

-- A damaged trace loads what precedes the damage and says where it stops.
SELECT name, value FROM stats WHERE name = 'truncated_trace';
SELECT byte_offset, extract_arg(arg_set_id, 'reason') AS reason FROM _trace_import_logs;
