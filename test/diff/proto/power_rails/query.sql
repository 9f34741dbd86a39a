-- Power rail samples, their tracks and the unknown-index stat.
SELECT c.ts, t.name, c.value, EXTRACT_ARG(c.arg_set_id, 'packet_ts') AS packet_ts,
  EXTRACT_ARG(t.dimension_arg_set_id, 'session_uuid') AS session_uuid, t.type
FROM counter c JOIN counter_track t ON c.track_id = t.id
ORDER BY c.ts, t.name;
SELECT name, value FROM stats WHERE name = 'power_rail_unknown_index';
