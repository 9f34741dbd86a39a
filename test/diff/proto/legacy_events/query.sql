SELECT s.ts, s.dur, s.name, s.depth, t.type, t.name AS track_name, thread.tid
FROM slice s JOIN track t ON s.track_id = t.id
LEFT JOIN thread_track tt ON s.track_id = tt.id LEFT JOIN thread USING (utid)
ORDER BY s.ts;
SELECT o.name AS slice_out, i.name AS slice_in FROM flow f
JOIN slice o ON f.slice_out = o.id JOIN slice i ON f.slice_in = i.id;
SELECT s.ts, a.key, a.display_value FROM slice s JOIN args a USING (arg_set_id)
ORDER BY s.ts, a.id;
