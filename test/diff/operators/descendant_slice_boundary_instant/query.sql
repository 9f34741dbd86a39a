-- An instant at its parent's end belongs to the parent, not to the slice
-- starting at that same timestamp.
SELECT name, ts, dur, depth, parent_id FROM slice ORDER BY id;

SELECT s.name, d.name AS descendant_name
FROM slice AS s
LEFT JOIN descendant_slice(s.id) AS d
ORDER BY s.id, d.id;

SELECT s.name, a.name AS ancestor_name
FROM slice AS s
LEFT JOIN ancestor_slice(s.id) AS a
ORDER BY s.id, a.id;
