SELECT s.name, a.key, a.display_value, a.value_type FROM slice s JOIN args a USING (arg_set_id) ORDER BY a.id;
SELECT name, value FROM stats
WHERE name IN ('track_event_unknown_fields', 'track_event_typed_args_errors', 'proto_malformed_packet');
