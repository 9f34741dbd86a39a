CREATE VIEW long_slices AS SELECT name, dur FROM slice WHERE dur >= 30000;
SELECT name FROM long_slices ORDER BY dur DESC;
CREATE TABLE blink AS SELECT id, name, ts FROM slice WHERE category = 'blink';
SELECT name, ts FROM blink ORDER BY ts;
SELECT s.name FROM slice s JOIN blink b ON s.parent_id = b.id;
CREATE TEMP TABLE counts AS SELECT category, COUNT(*) AS n FROM slice GROUP BY category;
SELECT category, n FROM counts WHERE category IS NOT NULL ORDER BY category;
DROP VIEW long_slices;
SELECT COUNT(*) AS n FROM blink;
