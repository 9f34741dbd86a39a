SELECT name, ts, dur, depth FROM slice ORDER BY ts;
SELECT name, value FROM stats
WHERE name GLOB 'slice_*_overlapping_complete_event' ORDER BY name;
SELECT l.ts, l.severity, l.name, a.key, a.display_value, a.value_type
FROM _trace_import_logs l JOIN args a USING (arg_set_id)
ORDER BY a.key;
