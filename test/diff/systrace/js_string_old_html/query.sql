-- The old systrace HTML: the text inside a JavaScript string, each line
-- ending in a \n\ escape (Perfetto reads only the trace-data form).
SELECT ts, value, t.name FROM counter c JOIN counter_track t ON c.track_id = t.id ORDER BY ts;
SELECT tid, name FROM thread WHERE tid > 0 ORDER BY tid;
