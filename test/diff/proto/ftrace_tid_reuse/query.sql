SELECT utid, tid, t.name, p.pid, t.start_ts, t.end_ts FROM thread t LEFT JOIN process p USING (upid)
WHERE tid IN (10, 11, 30, 999) ORDER BY utid;
SELECT p.pid, p.name, parent.pid AS parent_pid, p.end_ts
FROM process p LEFT JOIN process parent ON p.parent_upid = parent.upid
WHERE p.pid IN (11, 30, 200) ORDER BY p.upid;
SELECT s.name, s.ts, s.dur, t.tid, p.pid, t.utid FROM slice s JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t USING (utid) JOIN process p USING (upid) ORDER BY s.ts;
