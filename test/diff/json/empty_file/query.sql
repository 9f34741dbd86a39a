-- A file of zero bytes is an empty trace, as in Perfetto: no error, no rows.
SELECT count(*) AS slices FROM slice;
SELECT count(*) AS threads FROM thread;
