-- Flows that loop: A -> B -> A (v1 flows between two long slices that
-- start together: a flow whose end starts before its source is turned
-- around, so only equal starts can loop), B also flowing into a child of A (a
-- flow from the child, turned around), and a slice flowing into itself. Every walk ends, and each flow is
-- reported once.
SELECT f.id, so.name AS slice_out, si.name AS slice_in
FROM flow f JOIN slice so ON so.id = f.slice_out JOIN slice si ON si.id = f.slice_in
ORDER BY f.id;

SELECT 'directly_connected' AS type, s.name, c.id AS flow_id
FROM slice s JOIN directly_connected_flow(s.id) c
UNION ALL
SELECT 'following' AS type, s.name, c.id AS flow_id
FROM slice s JOIN following_flow(s.id) c
UNION ALL
SELECT 'preceding' AS type, s.name, c.id AS flow_id
FROM slice s JOIN preceding_flow(s.id) c
ORDER BY type, s.name, flow_id;

SELECT s.name, COUNT(*) AS n, COUNT(DISTINCT c.id) AS distinct_n
FROM slice s JOIN directly_connected_flow(s.id) c GROUP BY s.name ORDER BY s.name;
