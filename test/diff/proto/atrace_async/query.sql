SELECT s.ts, s.dur, s.depth, s.name, t.name AS track, t.type, p.pid, t.id AS track_id
FROM slice s JOIN process_track t ON s.track_id = t.id JOIN process p USING (upid)
ORDER BY s.ts;
SELECT name, value FROM stats WHERE name IN ('systrace_parse_failure', 'atrace_unsupported_events');
