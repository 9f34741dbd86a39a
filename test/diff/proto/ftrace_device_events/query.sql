SELECT 'slice' AS kind, s.ts, s.dur, s.name, t.name AS track, t.type,
       extract_arg(t.dimension_arg_set_id, 'block_device') AS dev,
       extract_arg(s.arg_set_id, 'sector') AS sector
FROM slice s JOIN track t ON s.track_id = t.id
UNION ALL
SELECT 'counter', c.ts, NULL, c.value, t.name, t.type, NULL, NULL
FROM counter c JOIN track t ON c.track_id = t.id
UNION ALL
SELECT 'stat', NULL, NULL, value, name, NULL, NULL, NULL
FROM stats WHERE name = 'ftrace_device_event_invalid'
ORDER BY kind, ts, track;
