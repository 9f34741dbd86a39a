SELECT s.name, s.dur, a.key, a.display_value
FROM slice s JOIN args a USING (arg_set_id)
ORDER BY a.id;
