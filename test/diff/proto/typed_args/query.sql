SELECT s.name, a.flat_key, a.key, a.display_value, a.value_type
FROM slice s JOIN args a USING (arg_set_id) ORDER BY a.id;
SELECT name, value FROM stats
WHERE name IN ('interned_data_tokenizer_errors', 'track_event_unknown_fields', 'track_event_typed_args_errors');
