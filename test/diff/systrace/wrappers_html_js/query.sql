-- Kernel text in an HTML trace-data section; a JSON section and a process
-- dump section are not read as text (no systrace_line_unparsed).
SELECT ts, dur, name FROM slice ORDER BY ts;
SELECT ts, value, t.name FROM counter c JOIN counter_track t ON c.track_id = t.id ORDER BY ts;
SELECT name, value FROM stats WHERE name LIKE 'systrace%' ORDER BY name;
