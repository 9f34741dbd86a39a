-- CREATE / DROP PERFETTO INDEX: a SQLite index on a PERFETTO TABLE (named
-- table.index); on the trace's own (virtual) tables it is accepted and
-- does nothing.
CREATE PERFETTO TABLE t AS SELECT id, ts, dur FROM slice;
CREATE PERFETTO INDEX t_ts ON t(ts, dur);
CREATE OR REPLACE PERFETTO INDEX t_ts ON t(ts);
CREATE PERFETTO INDEX slice_ts ON slice(ts);
SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index';
SELECT id FROM t WHERE ts = 1200000;
DROP PERFETTO INDEX t_ts ON t;
SELECT COUNT(*) AS indexes FROM sqlite_schema WHERE type = 'index';
