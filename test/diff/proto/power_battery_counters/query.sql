-- Battery counters and battery_stats states, through the counters view.
SELECT c.ts, c.name, c.value, t.type
FROM counters c JOIN counter_track t ON c.track_id = t.id
ORDER BY c.name, c.ts;
