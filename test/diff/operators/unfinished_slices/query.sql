-- Slices that never end (dur -1) contain everything after them on their
-- track, up to the end of the trace; other tracks are never included.
SELECT id, name, dur, depth, parent_id FROM slice ORDER BY id;

SELECT s.name, d.name AS descendant, d.depth
FROM slice s JOIN descendant_slice(s.id) d
ORDER BY s.id, d.id;

SELECT s.name, a.name AS ancestor, a.dur
FROM slice s JOIN ancestor_slice(s.id) a
ORDER BY s.id, a.id;
