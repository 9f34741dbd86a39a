SELECT p.name AS process, t.name AS thread, s.name AS slice, a.key, a.display_value
FROM slice s
JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t USING (utid)
JOIN process p USING (upid)
LEFT JOIN args a ON a.arg_set_id = s.arg_set_id
ORDER BY s.ts, a.id;
SELECT p.pid, COUNT(s.id) AS slices, SUM(s.dur) AS total
FROM process p
LEFT JOIN thread t USING (upid)
LEFT JOIN thread_track tt USING (utid)
LEFT JOIN slice s ON s.track_id = tt.id
WHERE p.pid != 0
GROUP BY p.pid ORDER BY p.pid;
