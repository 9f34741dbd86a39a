SELECT ts, name FROM slice ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('clock_sync_failure', 'invalid_clock_snapshots', 'trace_sorter_negative_timestamp_dropped') ORDER BY name;
