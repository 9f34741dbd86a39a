SELECT s.name, s.dur, a.key
FROM slice s LEFT JOIN args a USING (arg_set_id)
ORDER BY s.ts, a.id;
