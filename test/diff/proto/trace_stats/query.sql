SELECT name, idx, severity, source, value FROM stats WHERE value != 0 ORDER BY name, idx;
SELECT name, idx, value, machine_id, trace_id FROM stats WHERE name IN ('traced_buf_bytes_written', 'traced_producers_connected', 'invalid_clock_snapshots', 'parse_trace_duration_ns') ORDER BY name, idx;
SELECT count(*) AS buffer_rows FROM stats WHERE name = 'traced_buf_chunks_read';
