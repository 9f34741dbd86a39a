-- Rows whose partition is NULL are ignored (even if they overlap each
-- other); NULL values in other columns pass through.
CREATE TABLE t1(ts INT, dur INT, part INT, a TEXT);
INSERT INTO t1 VALUES (0, 100, 1, 'a1'), (0, 1000, NULL, 'anull'), (200, 100, NULL, 'anull2');
CREATE TABLE t2(ts INT, dur INT, part INT, b TEXT, bid INT);
INSERT INTO t2 VALUES (50, 100, 1, NULL, 7), (0, 10, NULL, 'bnull', 8);

CREATE VIRTUAL TABLE sl USING SPAN_LEFT_JOIN(t1 PARTITIONED part, t2 PARTITIONED part);
SELECT * FROM sl;

CREATE VIRTUAL TABLE so USING SPAN_OUTER_JOIN(t1 PARTITIONED part, t2 PARTITIONED part);
SELECT * FROM so;

CREATE TABLE g(ts INT, dur INT, g TEXT);
INSERT INTO g VALUES (0, 1000, 'all');
CREATE VIRTUAL TABLE sm USING SPAN_JOIN(t1 PARTITIONED part, g);
SELECT * FROM sm;
