SELECT s.name,
       IIF(s.name = 'str', NULL, p.pid) AS pid, p.name AS pname,
       IIF(s.name = 'str', NULL, t.tid) AS tid, t.name AS tname
FROM slice s
JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t USING (utid)
JOIN process p USING (upid)
ORDER BY s.ts;
