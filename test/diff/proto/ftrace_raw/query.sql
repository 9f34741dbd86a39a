-- The raw table of protobuf ftrace events, and its alias raw.
SELECT r.id, r.ts, r.name, r.cpu, t.tid, r.common_flags, r.ucpu
FROM ftrace_event r JOIN thread t USING (utid) ORDER BY r.id;
SELECT r.ts, a.key, a.display_value FROM raw r JOIN args a USING (arg_set_id)
ORDER BY r.ts, a.key;
SELECT ts, dur, name FROM slice;
