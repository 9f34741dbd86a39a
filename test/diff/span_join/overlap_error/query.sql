-- Two spans of t1 overlap in partition 3: the query fails naming the
-- table, the partition and the ts (Perfetto silently returns wrong rows).
CREATE TABLE t1(ts INT, dur INT, part INT);
INSERT INTO t1 VALUES (0, 10, 1), (100, 100, 3), (150, 10, 3);
CREATE TABLE t2(ts INT, dur INT, part INT);
INSERT INTO t2 VALUES (0, 1000, 3);
CREATE VIRTUAL TABLE sj USING SPAN_JOIN(t1 PARTITIONED part, t2 PARTITIONED part);
SELECT * FROM sj;
