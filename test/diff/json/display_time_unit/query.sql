SELECT ts, dur FROM slice;
SELECT name, severity, source, value FROM stats WHERE name = 'json_display_time_unit';
