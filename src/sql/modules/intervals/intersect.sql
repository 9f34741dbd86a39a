-- Intersections of intervals (rows with id, ts, dur). Written for weft.

-- The projection of one overlapping pair of intervals, rows `x` and `y` of
-- a join: the shared time (ts, dur) and both ids (id_0 from x, id_1 from y).
CREATE PERFETTO MACRO _ii_df_agg(
  -- Alias of the first input's row.
  x ColumnName,
  -- Alias of the second input's row.
  y ColumnName)
RETURNS _ProjectionFragment AS
  MAX($x.ts, $y.ts) AS ts,
  MIN($x.ts + $x.dur, $y.ts + $y.dur) - MAX($x.ts, $y.ts) AS dur,
  $x.id AS id_0,
  $y.id AS id_1;

-- Every overlap of an interval of `a` with an interval of `b`: (ts, dur,
-- id_0, id_1), id_0 from `a` and id_1 from `b`, by ts. Intervals that only
-- touch do not overlap; an interval of no duration strictly inside another
-- overlaps it with dur 0.
CREATE PERFETTO MACRO interval_intersect_pair(
  -- Table or subquery with columns id, ts, dur.
  a TableOrSubquery,
  -- Table or subquery with columns id, ts, dur.
  b TableOrSubquery)
RETURNS TableOrSubquery AS
(
  SELECT _ii_df_agg!(ii_a, ii_b)
  FROM $a AS ii_a
  JOIN $b AS ii_b
    ON ii_a.ts < ii_b.ts + ii_b.dur AND ii_b.ts < ii_a.ts + ii_a.dur
  ORDER BY ts, id_0, id_1
);
