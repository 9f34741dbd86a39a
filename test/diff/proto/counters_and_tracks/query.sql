SELECT s.ts, s.dur, s.name, t.name AS track, p.pid, p.name AS process
FROM slice s JOIN track t ON s.track_id = t.id
LEFT JOIN process_track pt ON pt.id = s.track_id LEFT JOIN process p USING (upid)
ORDER BY s.ts;
SELECT t.name, t.unit, c.ts, c.value FROM counter c JOIN counter_track t ON c.track_id = t.id ORDER BY t.name, c.ts;
SELECT pid, name FROM process WHERE pid = 42;
SELECT name, value FROM stats WHERE name = 'track_event_parser_errors';
