SELECT t.tid, s.name, s.ts, s.dur, s.depth
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
ORDER BY t.tid, s.id;
SELECT name, value FROM stats
WHERE name IN ('misplaced_end_event', 'json_unmatched_end_event') ORDER BY name;
