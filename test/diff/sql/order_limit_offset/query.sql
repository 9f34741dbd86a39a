SELECT name, dur FROM slice ORDER BY dur DESC, name ASC;
SELECT category, name FROM slice ORDER BY category DESC, ts DESC;
SELECT name FROM slice ORDER BY ts LIMIT 2;
SELECT name FROM slice ORDER BY ts LIMIT 2 OFFSET 3;
SELECT name FROM slice ORDER BY ts DESC LIMIT 1;
SELECT depth, COUNT(*) AS n FROM slice GROUP BY depth ORDER BY depth;
