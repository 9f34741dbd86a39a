SELECT s.name, s.ts, s.dur, s.depth, t.type, t.name AS track_name
FROM slice s JOIN track t ON s.track_id = t.id
ORDER BY s.ts;
SELECT value FROM stats WHERE name = 'json_parser_failure';
