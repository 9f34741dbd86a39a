-- Neither side partitioned; ts and dur need not be the first columns, and
-- other columns keep their values and types.
CREATE TABLE t1(name TEXT, dur INT, value REAL, ts INT);
INSERT INTO t1 VALUES ('p', 100, 1.5, 0), ('q', 50, 2.5, 200), ('r', 100, 3.5, 300);

CREATE TABLE t2(ts INT, kind TEXT, dur INT);
INSERT INTO t2 VALUES (50, 'k1', 200), (260, 'k2', 100);

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(t1, t2);
SELECT * FROM sj;

-- Upper bounds on ts are pushed into the inputs of an inner join.
SELECT ts, dur, name FROM sj WHERE ts < 250 ORDER BY ts;
SELECT ts, dur, name FROM sj WHERE ts <= 200;
SELECT ts, dur, name FROM sj WHERE ts = 300;
SELECT ts, dur, kind FROM sj WHERE ts > 100 AND dur >= 50 ORDER BY ts DESC;
