SELECT ts.ts, ts.dur, ts.state, ts.io_wait, ts.blocked_function, thread.tid, thread.name
FROM thread_state ts JOIN thread USING (utid)
ORDER BY ts.ts;
SELECT sched.ts, sched.dur, cpu.cpu, thread.tid
FROM sched JOIN thread USING (utid) JOIN cpu USING (ucpu)
ORDER BY sched.ts;
SELECT cpu FROM cpu ORDER BY cpu;
SELECT COUNT(*) AS slices FROM slice;
