-- Flows between three threads of two processes (v2 bind_id and v1 s/t/f):
-- following / preceding also step through descendants / ancestors.
SELECT f.id, so.name AS slice_out, si.name AS slice_in
FROM flow f JOIN slice so ON so.id = f.slice_out JOIN slice si ON si.id = f.slice_in
ORDER BY f.id;

SELECT 'directly_connected' AS type, s.name, s1.name AS start_name, s2.name AS end_name
FROM slice s
JOIN directly_connected_flow(s.id) c
JOIN slice s1 ON s1.id = c.slice_out
JOIN slice s2 ON s2.id = c.slice_in
UNION ALL
SELECT 'following' AS type, s.name, s1.name AS start_name, s2.name AS end_name
FROM slice s
JOIN following_flow(s.id) c
JOIN slice s1 ON s1.id = c.slice_out
JOIN slice s2 ON s2.id = c.slice_in
UNION ALL
SELECT 'preceding' AS type, s.name, s1.name AS start_name, s2.name AS end_name
FROM slice s
JOIN preceding_flow(s.id) c
JOIN slice s1 ON s1.id = c.slice_out
JOIN slice s2 ON s2.id = c.slice_in
ORDER BY type, s.name, start_name, end_name;

-- The function's own order: breadth-first from the start slice.
SELECT id, slice_out, slice_in FROM following_flow((SELECT id FROM slice WHERE name = 'Root1'));
SELECT id, slice_out, slice_in FROM preceding_flow((SELECT id FROM slice WHERE name = 'Final3'));
