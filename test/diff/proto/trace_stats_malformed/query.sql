-- trace.pb (malformed input no textproto can express): a TraceStats whose
-- buffer_stats ends inside a varint, after producers_connected: 3; a
-- SystemInfo whose fingerprint's length runs past its end, after utsname
-- { sysname: "Linux" }; then a trigger "after" at ts 100. The bad packets
-- count in proto_malformed_packet, what they held before the bad bytes is
-- kept, and the trigger is imported.
SELECT name, idx, value FROM stats WHERE name IN ('proto_malformed_packet', 'traced_producers_connected', 'traced_buf_bytes_written') ORDER BY name;
SELECT name, str_value, machine_id FROM metadata WHERE name = 'system_name';
SELECT ts, name FROM slice;
