-- Chrome JSON with embedded systrace text ("systemTraceEvents" as a
-- string): its lines go through the kernel text importer, next to the JSON
-- events (sched, thread states, atrace slices, irq slices).
SELECT ts, dur, name FROM slice ORDER BY ts;
SELECT s.ts, s.dur, s.cpu, t.tid, s.end_state FROM sched s JOIN thread t USING (utid) ORDER BY s.ts;
SELECT name, value FROM stats WHERE name = 'json_system_trace_skipped';
