-- SPAN_OUTER_JOIN keeps the spans of both sides; partitions of either side.
CREATE TABLE t1(part INT, ts INT, dur INT, a INT);
INSERT INTO t1 VALUES (1, 100, 100, 11), (2, 0, 50, 21);

CREATE TABLE t2(part INT, ts INT, dur INT, b INT);
INSERT INTO t2 VALUES (1, 150, 100, 101), (1, 300, 10, 102), (3, 5, 5, 301);

CREATE VIRTUAL TABLE so USING SPAN_OUTER_JOIN(t1 PARTITIONED part, t2 PARTITIONED part);
SELECT * FROM so;

-- With one side unpartitioned, only the partitions of the partitioned side
-- appear, each with all of the unpartitioned side.
CREATE TABLE g(ts INT, dur INT, g TEXT);
INSERT INTO g VALUES (50, 100, 'g1'), (400, 10, 'g2');
CREATE VIRTUAL TABLE sog USING SPAN_OUTER_JOIN(t1 PARTITIONED part, g);
SELECT * FROM sog;

-- Neither side partitioned.
CREATE TABLE u1(ts INT, dur INT, x TEXT);
INSERT INTO u1 VALUES (0, 10, 'x1'), (20, 10, 'x2');
CREATE TABLE u2(ts INT, dur INT, y TEXT);
INSERT INTO u2 VALUES (5, 20, 'y1');
CREATE VIRTUAL TABLE sou USING SPAN_OUTER_JOIN(u1, u2);
SELECT * FROM sou;
