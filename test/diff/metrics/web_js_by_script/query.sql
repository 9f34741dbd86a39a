-- The metric's self times checked by sampling: every microsecond (all the
-- trace's times are whole microseconds), the deepest slice open at it is JS
-- time of the innermost ProfileCall open at it if that slice is a
-- ProfileCall or encloses one (by time, deeper on the track: FunctionCall);
-- otherwise (Layout, MinorGC) it is native work. By hand: main 20 us
-- (1010-1030 in FunctionCall) + 90 us + 0 (helper runs in all of it);
-- (anonymous) 80 - 20 (Layout) = 60 us; helper 105 - 10 (MinorGC) = 95 us.
WITH RECURSIVE
  t(ts) AS (SELECT 1000500 UNION ALL SELECT ts + 1000 FROM t WHERE ts < 1500000),
  open_at AS (
    SELECT t.ts AS at, s.id, s.ts, s.dur, s.depth, s.track_id, s.category
    FROM t JOIN slice s ON s.ts <= t.ts AND t.ts < s.ts + s.dur),
  deepest AS (
    SELECT * FROM open_at o
    WHERE o.depth = (SELECT MAX(depth) FROM open_at x WHERE x.at = o.at)),
  js AS (
    SELECT d.at,
      (SELECT o.id FROM open_at o WHERE o.at = d.at AND o.category = 'ProfileCall'
       ORDER BY o.depth DESC LIMIT 1) AS call_id
    FROM deepest d
    WHERE d.category = 'ProfileCall' OR EXISTS (
      SELECT 1 FROM slice p
      WHERE p.category = 'ProfileCall' AND p.track_id = d.track_id AND p.depth > d.depth
        AND p.ts >= d.ts AND p.ts + p.dur <= d.ts + d.dur))
SELECT extract_arg(c.arg_set_id, 'url') AS url, c.name, COUNT(*) * 1000 AS self_ns
FROM js JOIN slice c ON c.id = js.call_id
GROUP BY url, c.name
ORDER BY url, self_ns DESC;
