-- Binder transactions, irq / softirq handlers and suspend_resume from
-- protobuf ftrace.
SELECT s.ts, s.dur, s.category, s.name, t.name AS track, s.depth
FROM slice s JOIN track t ON s.track_id = t.id
ORDER BY s.ts;
SELECT so.name AS from_name, si.name AS to_name
FROM flow f JOIN slice so ON f.slice_out = so.id JOIN slice si ON f.slice_in = si.id
ORDER BY so.ts;
SELECT s.name, a.key, a.display_value
FROM slice s JOIN args a USING (arg_set_id)
WHERE s.name IN ('binder transaction', 'binder reply') OR s.category = 'irq'
ORDER BY s.ts, a.key;
SELECT name, value FROM stats WHERE name = 'ftrace_event_malformed';
