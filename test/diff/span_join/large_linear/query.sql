-- 200k spans on each side: the merge is linear (a nested loop would take
-- minutes). Per partition k-th spans: a = [100k, 100k + 60),
-- b = [100k + 30, 100k + 80).
CREATE TABLE big_a AS
WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 199999)
SELECT (i / 4) * 100 AS ts, 60 AS dur, i % 4 AS cpu, i AS a_id FROM r;
CREATE TABLE big_b AS
WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 199999)
SELECT (i / 4) * 100 + 30 AS ts, 50 AS dur, i % 4 AS cpu, i AS b_id FROM r;

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(big_a PARTITIONED cpu, big_b PARTITIONED cpu);
SELECT COUNT(*) AS n, SUM(dur) AS total, SUM(a_id) AS sa, SUM(b_id) AS sb, MIN(ts) AS first, MAX(ts) AS last FROM sj;
SELECT COUNT(*) AS n FROM sj WHERE cpu = 2;

CREATE VIRTUAL TABLE slj USING SPAN_LEFT_JOIN(big_a PARTITIONED cpu, big_b PARTITIONED cpu);
SELECT COUNT(*) AS n, SUM(dur) AS total, SUM(a_id) AS sa, SUM(b_id) AS sb FROM slj;

CREATE VIRTUAL TABLE soj USING SPAN_OUTER_JOIN(big_a PARTITIONED cpu, big_b PARTITIONED cpu);
SELECT COUNT(*) AS n, SUM(dur) AS total, SUM(a_id) AS sa, SUM(b_id) AS sb FROM soj;

-- Unpartitioned: 200k spans each, one timeline.
CREATE TABLE flat_a AS
WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 199999)
SELECT i * 100 AS ts, 60 AS dur, i AS fa FROM r;
CREATE TABLE flat_b AS
WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 199999)
SELECT i * 100 + 30 AS ts, 50 AS dur, i AS fb FROM r;
CREATE VIRTUAL TABLE fj USING SPAN_JOIN(flat_a, flat_b);
SELECT COUNT(*) AS n, SUM(dur) AS total, SUM(fa = fb) AS matched FROM fj;
