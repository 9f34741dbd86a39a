-- Functions with nothing to return: a root has no ancestors, a leaf no
-- descendants, a slice without flows no flows, NULL matches nothing.
SELECT COUNT(*) AS n FROM ancestor_slice(0);
SELECT COUNT(*) AS n FROM descendant_slice(1);
SELECT COUNT(*) AS n FROM descendant_slice(2);
SELECT COUNT(*) AS n FROM ancestor_slice(NULL);
SELECT COUNT(*) AS n FROM descendant_slice(NULL);
SELECT COUNT(*) AS n FROM directly_connected_flow(0);
SELECT COUNT(*) AS n FROM following_flow(0);
SELECT COUNT(*) AS n FROM preceding_flow(1);
SELECT COUNT(*) AS n FROM following_flow(NULL);
SELECT * FROM ancestor_slice(0);
SELECT * FROM following_flow(2);
-- Correlated, with a filter that removes every row.
SELECT s.name, a.name AS ancestor
FROM slice s LEFT JOIN ancestor_slice(s.id) a ON a.name = 'nope'
ORDER BY s.id;
SELECT s.name FROM slice s WHERE EXISTS (SELECT 1 FROM descendant_slice(s.id));
