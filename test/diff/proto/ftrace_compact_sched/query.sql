SELECT ts, dur, cpu, tid, thread.name, end_state, priority FROM sched JOIN thread USING (utid) ORDER BY ts;
SELECT ts, dur, tid, state, irq_context,
       (SELECT tid FROM thread t WHERE t.utid = thread_state.waker_utid) AS waker_tid
FROM thread_state JOIN thread USING (utid) ORDER BY ts, tid;
SELECT name, value FROM stats WHERE name LIKE 'compact%' ORDER BY name;
