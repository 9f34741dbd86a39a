SELECT s.name, t.tid, p.pid
FROM slice s
JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t USING (utid)
JOIN process p USING (upid)
WHERE s.ts BETWEEN 1000 AND 3000
ORDER BY s.ts;
SELECT key, value_type, real_value > 1e307 AS big FROM args WHERE key = 'args.big';
SELECT key, value_type, real_value > 1e307 AS big FROM args WHERE key = 'args.tiny';
SELECT value > 1e299 AS big FROM counter;
