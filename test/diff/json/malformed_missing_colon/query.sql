SELECT name FROM slice ORDER BY ts;

-- A malformed event is skipped and counted; the load goes on.
SELECT name, value FROM stats WHERE name IN ('json_tokenizer_failure', 'truncated_trace');
SELECT byte_offset, extract_arg(arg_set_id, 'reason') AS reason FROM _trace_import_logs;
