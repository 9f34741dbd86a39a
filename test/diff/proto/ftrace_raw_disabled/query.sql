-- --no-ftrace-raw: no raw rows, the events are still parsed.
SELECT count(*) AS raw_rows FROM raw;
SELECT ts, dur, name FROM slice;
