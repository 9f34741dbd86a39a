SELECT t.tid, p.pid, t.name, t.is_main_thread
FROM thread t JOIN process p USING (upid)
WHERE p.pid IN (8040, 8041) ORDER BY p.pid, t.tid;
SELECT s.name AS slice, t.tid, t.name AS thread
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
ORDER BY s.ts;
