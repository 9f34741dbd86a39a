-- A malformed \u escape keeps the event: U+FFFD marks the bad escape and
-- json_invalid_escape counts it.
SELECT name FROM slice ORDER BY ts;
SELECT value FROM stats WHERE name = 'json_invalid_escape';
