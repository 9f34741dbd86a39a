-- One switch per line; the out-of-order last line is sorted before the
-- switch at 100.0005. A comm with spaces; sched_wakeup after sched_waking
-- changes nothing; sched_blocked_reason fills the blocked state.
SELECT ts, dur, cpu, tid, thread.name AS thread, end_state, priority
FROM sched JOIN thread USING (utid) ORDER BY ts, cpu;
SELECT ts, dur, tid, state, cpu, io_wait, blocked_function,
       (SELECT tid FROM thread t WHERE t.utid = thread_state.waker_utid) AS waker_tid,
       waker_id
FROM thread_state JOIN thread USING (utid) ORDER BY ts, tid;
