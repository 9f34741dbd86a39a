-- slice_name_count: one row per distinct slice name with its slice count.
SELECT name, slice_count FROM slice_name_count ORDER BY name;
-- The viewer's find count (LIKE per name) equals counting the slices.
SELECT coalesce(sum(slice_count), 0) AS n FROM slice_name_count WHERE name LIKE '%aint%';
SELECT count(*) AS n FROM slice WHERE name LIKE '%aint%';
SELECT coalesce(sum(slice_count), 0) AS n FROM slice_name_count WHERE name LIKE '%nothing%';
