-- Three bad ClockSnapshot packets (truncated varint inside a clock, clocks
-- with the wrong wire type, a snapshot length past the end of its packet),
-- then a valid snapshot and an event converted with it.
SELECT ts, name FROM slice;
SELECT name, value FROM stats WHERE name IN ('proto_malformed_packet', 'invalid_clock_snapshots', 'clock_sync_failure') ORDER BY name;
