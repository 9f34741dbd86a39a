SELECT utid, tid, t.name, t.upid, p.pid, t.is_main_thread, t.start_ts
FROM thread t LEFT JOIN process p USING (upid) ORDER BY utid;
SELECT p.upid, p.pid, p.name, parent.pid AS parent_pid, p.start_ts
FROM process p LEFT JOIN process parent ON p.parent_upid = parent.upid ORDER BY p.upid;
