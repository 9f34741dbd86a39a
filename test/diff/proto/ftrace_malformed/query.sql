-- trace.pb is written by make_trace.py: malformed events inside a bundle
-- are skipped (ftrace_bundle_tokenizer_errors: wrong wire type of the event,
-- a cut varint, no timestamp) or dropped when parsed (a malformed event
-- body: proto_malformed_packet); the bundle's other events import. A bundle
-- cut short drops its packet; later packets still import.
SELECT tid, name FROM thread ORDER BY utid;
SELECT name, value FROM stats
WHERE name IN ('ftrace_bundle_tokenizer_errors', 'proto_malformed_packet') ORDER BY name;
