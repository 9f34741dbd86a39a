SELECT ts.ts, ts.dur, t.tid, ts.state, w.tid AS waker_tid
FROM thread_state ts JOIN thread t USING (utid) JOIN thread w ON ts.waker_utid = w.utid
ORDER BY ts.ts;
