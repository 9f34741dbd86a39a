-- Zero-duration spans meet the span containing their instant, and another
-- zero-duration span at the same instant, but not a span ending there.
CREATE TABLE t1(ts INT, dur INT, a TEXT);
INSERT INTO t1 VALUES (100, 0, 'z1'), (150, 100, 'r1'), (250, 0, 'z2'), (300, 0, 'z3');
CREATE TABLE t2(ts INT, dur INT, b TEXT);
INSERT INTO t2 VALUES (50, 100, 'B1'), (150, 0, 'bz'), (200, 100, 'B2'), (300, 0, 'bz3');

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(t1, t2);
SELECT * FROM sj;

CREATE VIRTUAL TABLE slj USING SPAN_LEFT_JOIN(t1, t2);
SELECT * FROM slj;

-- A zero-duration span starting where a longer one starts is not an overlap.
CREATE TABLE t3(ts INT, dur INT, c TEXT);
INSERT INTO t3 VALUES (200, 50, 'long'), (200, 0, 'instant');
CREATE VIRTUAL TABLE sj3 USING SPAN_JOIN(t3, t2);
SELECT * FROM sj3;
