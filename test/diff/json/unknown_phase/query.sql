SELECT name FROM slice;
SELECT tid, upid FROM thread WHERE upid IS NOT NULL AND tid != 0 ORDER BY tid;
