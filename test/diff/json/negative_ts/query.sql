SELECT name, ts FROM slice;
SELECT value FROM stats WHERE name = 'trace_sorter_negative_timestamp_dropped';
