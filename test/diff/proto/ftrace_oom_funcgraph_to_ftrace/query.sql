-- function_graph slices (through Perfetto's `slices` alias) and the
-- mem.oom_kill instant (through `instant`).
SELECT s.ts, s.dur, s.name, s.depth, t.tid
FROM slices s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
ORDER BY s.ts;
SELECT i.ts, i.name, t.tid FROM instant i
JOIN thread_track tt ON i.track_id = tt.id JOIN thread t USING (utid);
SELECT c.ts, c.value, t.name, p.pid FROM counter c
JOIN process_counter_track t ON c.track_id = t.id JOIN process p USING (upid)
ORDER BY c.ts;
SELECT ts, state, blocked_function, io_wait FROM thread_state
JOIN thread USING (utid) WHERE tid = 11 ORDER BY ts;
SELECT to_ftrace(id) AS line FROM ftrace_event ORDER BY id;
SELECT key, value_type, display_value FROM ftrace_event JOIN args USING (arg_set_id)
WHERE name IN ('kfree', 'funcgraph_entry') ORDER BY ftrace_event.id, args.id;
