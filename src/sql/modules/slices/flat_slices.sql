-- Slices flattened: the time of each track split among its slices so that
-- every instant belongs to the deepest slice open at it. Written for weft.

-- The self time of every complete slice as intervals: the slice minus its
-- children. A track's intervals never overlap; their union is the union of
-- its complete depth-0 slices.
CREATE PERFETTO TABLE _slice_flattened(
  -- Id of the slice the interval belongs to.
  slice_id LONG,
  -- Start of the interval.
  ts TIMESTAMP,
  -- Duration of the interval (> 0).
  dur DURATION,
  -- Depth of the slice.
  depth LONG,
  -- Name of the slice.
  name STRING,
  -- Track of the slice.
  track_id LONG
) AS
WITH complete AS MATERIALIZED (
  SELECT id, ts, dur, parent_id FROM slice WHERE dur >= 0
),
-- Each slice opens an interval at its start and at the end of each child,
-- and closes one at the start of each child and at its end. Children of no
-- duration take no time. At equal times an open sorts first, so that an
-- interval ending where it starts has no duration (and is dropped).
children AS (
  SELECT c.parent_id, c.ts, c.dur
  FROM complete c JOIN complete p ON p.id = c.parent_id
  WHERE c.dur > 0
),
events AS (
  SELECT id AS slice_id, ts, 0 AS is_stop FROM complete
  UNION ALL SELECT id, ts + dur, 1 FROM complete
  UNION ALL SELECT parent_id, ts, 1 FROM children
  UNION ALL SELECT parent_id, ts + dur, 0 FROM children
),
intervals AS (
  SELECT slice_id, ts, is_stop,
    LEAD(ts) OVER (PARTITION BY slice_id ORDER BY ts, is_stop) AS end_ts
  FROM events
)
SELECT i.slice_id, i.ts, i.end_ts - i.ts AS dur, s.depth, s.name, s.track_id
FROM intervals AS i
JOIN slice AS s ON s.id = i.slice_id
WHERE i.is_stop = 0 AND i.end_ts > i.ts
ORDER BY s.track_id, i.ts;
