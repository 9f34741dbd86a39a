-- Kernel wakelocks as slices, and the unmatched-deactivate stat.
SELECT s.ts, s.dur, s.name, t.name AS track, t.type
FROM slice s JOIN track t ON s.track_id = t.id
ORDER BY s.ts;
SELECT name, value FROM stats WHERE name = 'wakesource_unmatched_deactivate';
