SELECT s.name, a.key, a.string_value
FROM slice s JOIN args a USING (arg_set_id)
ORDER BY a.id;
