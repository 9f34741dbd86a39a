-- ORDER BY ... DESC on a sorted column is served by walking the rows
-- backwards (max() and "latest first" queries), also after filters.
SELECT id, ts, name FROM slice ORDER BY id DESC;
SELECT ts, name FROM slice ORDER BY ts DESC, id DESC;
SELECT max(id) AS max_id, max(ts) AS max_ts, min(ts) AS min_ts FROM slice;
SELECT id, name FROM slice WHERE ts >= 20000 ORDER BY ts DESC LIMIT 2;
SELECT s.id, s.name FROM slice s JOIN thread_track tt ON s.track_id = tt.id
WHERE s.ts < 40000 ORDER BY s.id DESC;
SELECT id, name FROM slice ORDER BY ts DESC, name ASC;
