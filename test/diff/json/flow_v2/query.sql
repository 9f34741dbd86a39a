SELECT so.name AS src, si.name AS dst
FROM flow f
JOIN slice so ON so.id = f.slice_out
JOIN slice si ON si.id = f.slice_in
ORDER BY f.id;
