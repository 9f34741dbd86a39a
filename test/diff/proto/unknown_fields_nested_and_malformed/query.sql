-- trace.pb is written by make_trace.py: an unknown field inside a
-- compiled-in message is kept under that message's key; unknown fields with
-- a length past the event's end or a group wire type make the packet
-- malformed (dropped with a stat), and the other events still import.
SELECT s.ts, s.name, a.key, a.display_value FROM slice s LEFT JOIN args a USING (arg_set_id)
ORDER BY s.ts, a.id;
SELECT name, value FROM stats WHERE name IN ('proto_malformed_packet', 'track_event_unknown_fields');
