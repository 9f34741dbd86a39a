-- Binder transactions (text): a synchronous call is a "binder transaction"
-- on the client and a "binder reply" on the server, linked by a flow; a
-- one-way call is two instants and a flow; BR_FAILED_REPLY ends a call whose
-- reply will not come. A receive of an unknown transaction makes nothing;
-- unreadable binder lines are counted.
SELECT s.ts, s.dur, s.category, s.name, t.tid, s.depth
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
ORDER BY s.ts;
SELECT so.name AS from_name, si.name AS to_name
FROM flow f JOIN slice so ON f.slice_out = so.id JOIN slice si ON f.slice_in = si.id
ORDER BY so.ts;
SELECT s.name, a.key, a.display_value
FROM slice s JOIN args a USING (arg_set_id)
WHERE s.ts = 10000002000 OR s.ts = 10000030000
ORDER BY s.name, a.key;
SELECT name, value FROM stats WHERE name = 'systrace_event_malformed';
