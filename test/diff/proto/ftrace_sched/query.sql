SELECT ts, dur, cpu, tid, end_state, priority FROM sched JOIN thread USING (utid) ORDER BY ts;
SELECT ts, dur, tid, state, cpu, io_wait, irq_context,
       (SELECT tid FROM thread t WHERE t.utid = thread_state.waker_utid) AS waker_tid
FROM thread_state JOIN thread USING (utid) ORDER BY ts, tid;
SELECT ts, value, t.name, t.type, cct.cpu
FROM counter c JOIN track t ON c.track_id = t.id JOIN cpu_counter_track cct ON cct.id = t.id
ORDER BY ts, t.name;
