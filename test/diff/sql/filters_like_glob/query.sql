-- LIKE and GLOB on string columns are evaluated by the engine, once per
-- distinct string: the answers must be those of SQLite.
SELECT name FROM slice WHERE name LIKE '%task%' ORDER BY name;
SELECT count(*) AS n FROM slice WHERE name LIKE '%TASK%';
SELECT name FROM slice WHERE name GLOB '*Task*' ORDER BY name;
SELECT name FROM slice WHERE name LIKE '_aint';
SELECT name FROM slice WHERE name LIKE '%\%%' ESCAPE '\';
SELECT name FROM slice WHERE name NOT LIKE '%a%' ORDER BY name;
SELECT count(*) AS n FROM slice WHERE dur LIKE '1%';
SELECT name FROM slice WHERE category LIKE 'BLINK' ORDER BY name;
SELECT name FROM slice WHERE name LIKE '%t%' AND name GLOB '[a-z]*' ORDER BY ts;
