SELECT pct.name, pct.type, p.pid, c.ts, c.value
FROM counter c
JOIN process_counter_track pct ON c.track_id = pct.id
JOIN process p USING (upid)
ORDER BY p.pid, pct.name, c.ts;
