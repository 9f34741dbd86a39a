SELECT name, idx, severity, source, value
FROM stats WHERE value > 0 ORDER BY name;
SELECT name, value FROM stats WHERE name = 'flow_duplicate_id';
