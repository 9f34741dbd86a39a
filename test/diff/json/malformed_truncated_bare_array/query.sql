SELECT name FROM slice;
SELECT name, value FROM stats WHERE name IN ('json_tokenizer_failure', 'truncated_trace');

-- A damaged trace loads what precedes the damage and says where it stops.
SELECT name, value FROM stats WHERE name = 'truncated_trace';
SELECT byte_offset, extract_arg(arg_set_id, 'reason') AS reason FROM _trace_import_logs;
