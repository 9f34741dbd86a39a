SELECT s.name, s.ts, s.dur, s.depth, t.type, t.name AS track_name
FROM slice s JOIN track t ON s.track_id = t.id
ORDER BY s.ts;
SELECT a.key, a.display_value FROM slice s JOIN args a USING (arg_set_id)
WHERE s.name = 'Load' ORDER BY a.id;
