-- System properties as counters and instants.
SELECT c.ts, t.name, t.type, c.value FROM counter c JOIN counter_track t ON c.track_id = t.id
ORDER BY c.ts;
SELECT s.ts, s.dur, s.name, t.name AS track, t.type FROM slice s JOIN track t ON s.track_id = t.id;
