SELECT s.name, a.flat_key, a.key, a.int_value, a.string_value, a.real_value, a.value_type
FROM slice s JOIN args a USING (arg_set_id) ORDER BY a.id;
SELECT name, value FROM stats
WHERE name IN ('track_event_unknown_fields', 'track_event_typed_args_errors', 'extension_descriptor_errors');
