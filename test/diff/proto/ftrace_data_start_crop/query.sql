SELECT 'raw' AS kind, ts, name, NULL AS dur FROM ftrace_event
UNION ALL SELECT 'slice', ts, name, dur FROM slice
UNION ALL SELECT 'sched', ts, (SELECT tid FROM thread t WHERE t.utid = s.utid), dur FROM sched s
ORDER BY kind, ts;
