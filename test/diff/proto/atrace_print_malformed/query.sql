-- trace.pb is written by make_trace.py: a print with a bad inner field is
-- dropped (proto_malformed_packet) and its bundle's other events import; a
-- bundle cut short drops its packet; later packets still import.
SELECT ts, dur, name FROM slice ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('proto_malformed_packet', 'systrace_parse_failure');
