SELECT ts, name FROM slice ORDER BY ts, name;
SELECT name, value FROM stats WHERE name IN ('clock_sync_failure', 'invalid_clock_snapshots') ORDER BY name;
