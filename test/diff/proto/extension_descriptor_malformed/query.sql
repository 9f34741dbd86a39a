SELECT s.name, a.key, a.display_value FROM slice s JOIN args a USING (arg_set_id) ORDER BY a.id;
SELECT l.ts, l.severity, l.name, a.key, a.display_value
FROM _trace_import_logs l JOIN args a USING (arg_set_id) ORDER BY l.id;
SELECT name, value FROM stats
WHERE name IN ('track_event_unknown_fields', 'extension_descriptor_errors', 'proto_malformed_packet');
