-- Walking the slice tree (parent / child by `slice.parent_id`). Written for
-- weft, over its ancestor_slice() and descendant_slice() table functions.

-- The ancestors of a slice and the slice itself, outermost first.
CREATE PERFETTO FUNCTION _slice_ancestor_and_self(
  -- Id of the slice.
  slice_id LONG)
RETURNS TABLE(
  -- Id of the slice.
  id LONG,
  -- Depth of the slice.
  depth LONG,
  -- Id of its parent (NULL at depth 0).
  parent_id LONG
) AS
SELECT id, depth, parent_id FROM ancestor_slice($slice_id)
UNION ALL
SELECT id, depth, parent_id FROM slice WHERE id = $slice_id
ORDER BY depth;

-- The descendants of a slice and the slice itself, by start time.
CREATE PERFETTO FUNCTION _slice_descendant_and_self(
  -- Id of the slice.
  slice_id LONG)
RETURNS TABLE(
  -- Id of the slice.
  id LONG,
  -- Depth of the slice.
  depth LONG,
  -- Id of its parent (NULL at depth 0).
  parent_id LONG
) AS
SELECT id, depth, parent_id FROM (
  SELECT id, ts, depth, parent_id FROM slice WHERE id = $slice_id
  UNION ALL
  SELECT id, ts, depth, parent_id FROM descendant_slice($slice_id)
)
ORDER BY ts, depth;
