SELECT so.name AS src, si.name AS dst
FROM flow f
JOIN slice so ON so.id = f.slice_out
JOIN slice si ON si.id = f.slice_in
ORDER BY f.id;
SELECT name, value FROM stats
WHERE name IN ('flow_duplicate_id', 'flow_end_without_start', 'flow_no_enclosing_slice')
ORDER BY name;
