SELECT s.ts, s.dur, s.name, t.name AS track, t.type, extract_arg(s.arg_set_id, 'producer_name') AS producer, extract_arg(s.arg_set_id, 'trusted_producer_uid') AS uid FROM slice s JOIN track t ON s.track_id = t.id ORDER BY s.ts;
SELECT name, str_value, machine_id, trace_id FROM metadata WHERE name = 'trace_trigger';
SELECT value FROM stats WHERE name = 'traced_clone_trigger_timestamp_ns';
