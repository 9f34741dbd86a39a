SELECT s.id, s.ts, s.dur, s.category, s.value, t.name AS track, t.type
FROM state s JOIN state_track t ON s.track_id = t.id ORDER BY s.ts;
SELECT t.name, p.name AS process FROM process_state_track t JOIN process p USING (upid);
SELECT t.name, th.name AS thread FROM thread_state_track t JOIN thread th USING (utid);
SELECT COUNT(*) AS slices FROM slice;
SELECT name, value FROM stats WHERE name = 'track_event_parser_errors';
