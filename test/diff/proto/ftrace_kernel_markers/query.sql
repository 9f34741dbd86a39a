SELECT s.ts, s.dur, s.depth, s.name, t.tid, p.pid
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
JOIN process p USING (upid) ORDER BY s.ts;
SELECT c.ts, c.value, ct.name, p.pid FROM counter c
JOIN process_counter_track ct ON c.track_id = ct.id JOIN process p USING (upid) ORDER BY c.ts;
SELECT name, value FROM stats WHERE name = 'systrace_parse_failure';
