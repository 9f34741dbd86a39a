-- 300 nested slices, three leaves under the deepest, then another stack.
SELECT COUNT(*) AS n, MIN(depth) AS min_depth, MAX(depth) AS max_depth
FROM ancestor_slice((SELECT id FROM slice WHERE name = 'sib1'));

-- Ancestors come root first (no ORDER BY: the function's own order).
SELECT name, depth FROM ancestor_slice((SELECT id FROM slice WHERE name = 'L5'));

SELECT COUNT(*) AS n, MIN(depth) AS min_depth, MAX(depth) AS max_depth
FROM descendant_slice((SELECT id FROM slice WHERE name = 'L0'));

SELECT COUNT(*) AS n FROM descendant_slice((SELECT id FROM slice WHERE name = 'L150'));

-- Descendants come in id order.
SELECT name, depth FROM descendant_slice((SELECT id FROM slice WHERE name = 'L296'));

-- Every (slice, ancestor) and (slice, descendant) pair: n(n-1)/2 + leaves.
SELECT COUNT(*) AS ancestor_pairs FROM slice s JOIN ancestor_slice(s.id);
SELECT COUNT(*) AS descendant_pairs FROM slice s JOIN descendant_slice(s.id);

-- The two directions agree.
SELECT COUNT(*) AS mismatches FROM slice s JOIN ancestor_slice(s.id) a
WHERE NOT EXISTS (SELECT 1 FROM descendant_slice(a.id) d WHERE d.id = s.id);

SELECT s.name, a.name AS ancestor FROM slice s JOIN ancestor_slice(s.id) a
WHERE s.name LIKE 'next%';
