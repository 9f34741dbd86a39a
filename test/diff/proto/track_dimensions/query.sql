SELECT t.name, a.key, a.display_value
FROM track t LEFT JOIN args a ON a.arg_set_id = t.dimension_arg_set_id
ORDER BY t.id, a.id;
