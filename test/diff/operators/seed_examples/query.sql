-- The examples of the ancestor_slice / descendant_slice / flow docs.
CREATE VIEW interesting_slices AS
SELECT id, ts, dur, track_id
FROM slice WHERE name LIKE "%interesting slice name%";

SELECT
  *
FROM
  interesting_slices LEFT JOIN
  ancestor_slice(interesting_slices.id) AS ancestor ON ancestor.depth = 0;

-- The docs' descendant example lacks a comma after `*` and names the view
-- `interesting_slice`; this is the query it means.
SELECT
  *,
  (
    SELECT
      COUNT(*) AS total_descendants
    FROM descendant_slice(interesting_slices.id)
  ) AS total_descendants
FROM interesting_slices;

--number of following flows for each slice
SELECT (SELECT COUNT(*) FROM FOLLOWING_FLOW(slice_id)) as following FROM slice;
