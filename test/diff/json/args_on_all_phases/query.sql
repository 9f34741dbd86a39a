SELECT s.name, a.key, a.display_value
FROM slice s LEFT JOIN args a USING (arg_set_id)
ORDER BY s.ts, a.id;
