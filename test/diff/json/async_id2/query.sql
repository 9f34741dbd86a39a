SELECT s.name, s.dur, t.type, t.name AS track_name, p.pid
FROM slice s
JOIN track t ON s.track_id = t.id
LEFT JOIN process_track pt ON pt.id = t.id
LEFT JOIN process p ON p.upid = pt.upid
ORDER BY s.ts;
SELECT value FROM stats WHERE name = 'json_parser_failure';
