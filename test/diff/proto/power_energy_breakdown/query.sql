-- Energy breakdown tracks, values and stats.
SELECT t.type, t.name, EXTRACT_ARG(t.dimension_arg_set_id, 'energy_consumer_id') AS consumer_id,
  EXTRACT_ARG(t.dimension_arg_set_id, 'uid') AS uid,
  EXTRACT_ARG(t.source_arg_set_id, 'consumer_type') AS consumer_type,
  EXTRACT_ARG(t.source_arg_set_id, 'ordinal') AS ordinal, c.ts, c.value
FROM counter c JOIN track t ON c.track_id = t.id
ORDER BY c.ts, t.id;
SELECT name, value FROM stats
WHERE name IN ('energy_breakdown_missing_values', 'energy_uid_breakdown_missing_values')
ORDER BY name;
