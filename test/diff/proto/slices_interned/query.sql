SELECT s.ts, s.dur, s.depth, s.category, s.name, t.name AS track, thread.tid, thread.name AS thread
FROM slice s JOIN track t ON s.track_id = t.id
LEFT JOIN thread_track tt ON tt.id = s.track_id LEFT JOIN thread USING (utid)
ORDER BY s.ts;
SELECT name, value FROM stats WHERE name IN ('tokenizer_skipped_packets', 'proto_malformed_packet') ORDER BY name;
