-- Spans that only touch (end == start) do not intersect; back-to-back
-- spans in one input are not overlaps.
CREATE TABLE t1(ts INT, dur INT, a TEXT);
INSERT INTO t1 VALUES (0, 100, 'a1'), (100, 100, 'a2'), (300, 100, 'a3');
CREATE TABLE t2(ts INT, dur INT, b TEXT);
INSERT INTO t2 VALUES (200, 100, 'b1'), (399, 1, 'b2'), (400, 100, 'b3');

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(t1, t2);
SELECT * FROM sj;

CREATE VIRTUAL TABLE so USING SPAN_OUTER_JOIN(t1, t2);
SELECT * FROM so;
