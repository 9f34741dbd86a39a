SELECT ts, clock_name, clock_value, snapshot_id FROM clock_snapshot ORDER BY id;
SELECT to_monotonic(25) AS m25, to_monotonic(35) AS m35, to_monotonic(50) AS m50;
SELECT ts, name FROM slice ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('clock_sync_failure', 'invalid_clock_snapshots') ORDER BY name;
