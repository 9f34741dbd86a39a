SELECT 'process' AS kind, upid AS id, pid AS tid, name, NULL AS ts FROM process WHERE pid = 0
UNION ALL SELECT 'thread', utid, tid, name, NULL FROM thread WHERE tid = 0
UNION ALL SELECT 'thread_state', utid, (SELECT tid FROM thread t WHERE t.utid = s.utid), state, ts
FROM thread_state s
ORDER BY kind, id, ts;
