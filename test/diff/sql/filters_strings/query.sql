SELECT name FROM slice WHERE name = 'paint';
SELECT name FROM slice WHERE name != 'paint' ORDER BY name;
SELECT name FROM slice WHERE name < 'm' ORDER BY name;
SELECT name FROM slice WHERE name >= 'paint' ORDER BY name;
SELECT name FROM slice WHERE name IN ('draw', 'vsync', 'nope') ORDER BY name;
SELECT name FROM slice WHERE category IS NULL;
SELECT name FROM slice WHERE category IS NOT NULL AND category = 'blink' ORDER BY ts;
SELECT name FROM slice WHERE name GLOB 'm*' OR name LIKE 'LAY%' ORDER BY name;
SELECT name FROM thread WHERE name IS NULL AND tid != 0 ORDER BY tid;
