SELECT id FROM slice WHERE id IN (0, 3) ORDER BY id;
SELECT id FROM slice WHERE id IN (3, 0) ORDER BY id;
SELECT name FROM slice WHERE name IN ('draw', 'layout') ORDER BY ts;
SELECT name FROM slice WHERE ts IN (100000, 200000) ORDER BY ts;
SELECT name FROM slice WHERE name = 'draw' OR name = 'layout' ORDER BY ts;
SELECT name FROM slice WHERE id = 1 OR ts = 160000 ORDER BY ts;
SELECT name FROM slice WHERE track_id IN (SELECT id FROM thread_track) ORDER BY ts;
SELECT name FROM slice WHERE id NOT IN (0, 1, 2) ORDER BY ts;
