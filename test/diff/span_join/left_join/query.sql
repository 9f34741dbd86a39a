-- SPAN_LEFT_JOIN keeps every span of t1, split where t2 starts / stops.
CREATE TABLE t1(part INT, ts INT, dur INT, a INT);
INSERT INTO t1 VALUES
  (1, 100, 400, 11), (1, 600, 100, 12),
  (2, 0, 50, 21),
  (3, 1000, 10, 31);

CREATE TABLE t2(part INT, ts INT, dur INT, b INT);
INSERT INTO t2 VALUES
  (0, 0, 1000, 900),
  (1, 50, 100, 101), (1, 200, 50, 102), (1, 450, 200, 103),
  (3, 1000, 10, 301);

CREATE VIRTUAL TABLE sp USING SPAN_LEFT_JOIN(t1 PARTITIONED part, t2 PARTITIONED part);
SELECT * FROM sp;

SELECT ts, dur, part, a, b FROM sp WHERE part IN (3, 1) ORDER BY part, ts;

-- Left join with an unpartitioned right side.
CREATE TABLE g(ts INT, dur INT, g TEXT);
INSERT INTO g VALUES (0, 120, 'g1'), (480, 1000, 'g2');
CREATE VIRTUAL TABLE spg USING SPAN_LEFT_JOIN(t1 PARTITIONED part, g);
SELECT * FROM spg;
