SELECT s.name, t.tid, p.pid
FROM slice s
JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t USING (utid)
JOIN process p USING (upid)
ORDER BY s.ts;
