SELECT 'counter' AS kind, t.name AS track, c.ts, c.value AS value FROM counter c JOIN track t ON c.track_id = t.id
UNION ALL
SELECT 'slice', t.name, s.ts, s.name || ' dur=' || s.dur FROM slice s JOIN track t ON s.track_id = t.id
UNION ALL
SELECT 'stat', name, NULL, value FROM stats WHERE name = 'android_system_property_invalid'
ORDER BY kind, ts;
