SELECT t.id, t.name, t.type, s.name AS slice, s.ts, s.dur FROM track t
LEFT JOIN slice s ON s.track_id = t.id ORDER BY t.id;
SELECT t.id, 'dimension' AS kind, a.key, a.display_value FROM track t
JOIN args a ON a.arg_set_id = t.dimension_arg_set_id
UNION ALL
SELECT t.id, 'source', a.key, a.display_value FROM track t
JOIN args a ON a.arg_set_id = t.source_arg_set_id
ORDER BY 1, 2, 3;
