SELECT s.name, p.pid
FROM slice s
JOIN process_track pt ON s.track_id = pt.id
JOIN process p USING (upid)
ORDER BY s.ts;
SELECT COUNT(DISTINCT track_id) AS tracks FROM slice;
