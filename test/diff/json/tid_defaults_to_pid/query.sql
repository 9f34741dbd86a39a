SELECT utid, tid, upid, is_main_thread FROM thread ORDER BY utid;
SELECT upid, pid FROM process ORDER BY upid;
