-- flow.trace_id: JSON v1 flows are numbered 0, 1, ... per (id, category,
-- name) in order of first use (f1 before f2, though both use id 7); a v2
-- flow keeps its bind_id (0x2a = 42).
SELECT f.id, so.name AS slice_out, si.name AS slice_in, f.trace_id
FROM flow f
JOIN slice so ON so.id = f.slice_out
JOIN slice si ON si.id = f.slice_in
ORDER BY f.id;
