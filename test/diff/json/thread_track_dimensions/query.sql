-- A thread track's dimension args say what identifies it, as in Perfetto:
-- {utid}; one set per thread track.
SELECT t.id, th.tid, a.key, a.int_value = t.utid AS is_utid
FROM thread_track t JOIN thread th USING (utid)
JOIN args a ON a.arg_set_id = t.dimension_arg_set_id ORDER BY t.id;
