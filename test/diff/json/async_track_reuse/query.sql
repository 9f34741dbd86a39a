SELECT s.ts, s.dur, s.depth, s.track_id
FROM slice s ORDER BY s.ts;
SELECT COUNT(*) AS tracks FROM track;
