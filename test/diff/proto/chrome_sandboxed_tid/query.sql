SELECT t.tid, t.name, p.pid FROM thread t LEFT JOIN process p USING (upid) WHERE t.tid != 0 ORDER BY t.utid;
