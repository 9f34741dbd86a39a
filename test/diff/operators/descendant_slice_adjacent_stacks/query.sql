-- B1 starts exactly when A0 ends, at the same depth as A1: it lies inside
-- A0's time window but is not nested under it.
SELECT s.name, d.name AS descendant_name
FROM slice AS s
JOIN descendant_slice(s.id) AS d
ORDER BY s.name, d.ts, d.name;
