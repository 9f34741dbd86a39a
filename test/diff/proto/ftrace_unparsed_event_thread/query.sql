SELECT tid, name, upid, is_main_thread FROM thread WHERE tid != 0 ORDER BY tid;
