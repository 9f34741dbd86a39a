SELECT name, key_type, int_value, str_value, machine_id, trace_id FROM metadata ORDER BY name;
SELECT name, idx, value FROM stats WHERE name IN ('config_write_into_file_no_flush', 'config_write_into_file_discard', 'long_trace_mode_bytes_overwritten') ORDER BY name, idx;
