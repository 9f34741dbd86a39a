-- A "systemTraceEvents" that is no string is skipped and counted; the JSON
-- events load.
SELECT name FROM slice;
SELECT name, value FROM stats WHERE name = 'json_system_trace_skipped';
