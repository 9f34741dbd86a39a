-- The first file of a zip archive is imported; later ones are counted.
SELECT name, ts, dur, depth FROM slice ORDER BY ts;
SELECT value FROM stats WHERE name = 'zip_entries_skipped';
