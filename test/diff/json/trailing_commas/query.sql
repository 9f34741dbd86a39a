SELECT s.name, a.key FROM slice s LEFT JOIN args a USING (arg_set_id) ORDER BY s.ts;
