-- Rows inserted out of order (and a negative partition) come out sorted
-- by partition, then ts.
CREATE TABLE t1(ts INT, dur INT, p INT, a TEXT);
INSERT INTO t1 VALUES (500, 100, 2, 'a3'), (0, 100, -1, 'a0'), (100, 100, 2, 'a2'), (0, 50, 2, 'a1');
CREATE TABLE t2(ts INT, dur INT, p INT, b TEXT);
INSERT INTO t2 VALUES (450, 100, 2, 'b2'), (50, 100, -1, 'b0'), (40, 100, 2, 'b1');

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(t1 PARTITIONED p, t2 PARTITIONED p);
SELECT * FROM sj;
SELECT * FROM sj ORDER BY p, ts;
