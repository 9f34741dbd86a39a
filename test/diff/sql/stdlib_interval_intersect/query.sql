-- intervals.intersect: overlaps of the depth-0 slices with the depth-1 ones.
-- ReadFile (1.2-1.5 ms) only touches Mark (1.5 ms, no duration): no row.
INCLUDE PERFETTO MODULE intervals.intersect;
SELECT * FROM interval_intersect_pair!(
  (SELECT id, ts, dur FROM slice WHERE depth = 0),
  (SELECT id, ts, dur FROM slice WHERE depth = 1));
