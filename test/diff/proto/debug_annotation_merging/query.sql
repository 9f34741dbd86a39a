SELECT s.name, s.dur, a.flat_key, a.key, a.display_value, a.value_type
FROM slice s JOIN args a USING (arg_set_id) ORDER BY s.id, a.id;
