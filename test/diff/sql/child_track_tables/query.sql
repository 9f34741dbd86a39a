SELECT COUNT(*) AS n FROM track;
SELECT tt.id, tt.utid, t.type FROM thread_track tt JOIN track t USING (id) ORDER BY tt.id;
SELECT ct.id, ct.name, t.type FROM counter_track ct JOIN track t USING (id);
SELECT pct.id, pct.upid FROM process_counter_track pct;
SELECT t.id, t.type FROM track t
WHERE t.id NOT IN (SELECT id FROM thread_track)
  AND t.id NOT IN (SELECT id FROM counter_track);
SELECT COUNT(*) AS thread_slices FROM slice s JOIN thread_track tt ON s.track_id = tt.id;
