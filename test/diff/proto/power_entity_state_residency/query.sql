-- Entity state residencies and their stats.
SELECT c.ts, t.name, c.value FROM counter c JOIN counter_track t ON c.track_id = t.id
ORDER BY t.name, c.ts;
SELECT name, value FROM stats
WHERE name IN ('entity_state_residency_invalid', 'entity_state_residency_lookup_failed')
ORDER BY name;
