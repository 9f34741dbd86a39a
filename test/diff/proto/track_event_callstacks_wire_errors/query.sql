-- Callstack fields that protobuf text cannot get wrong (trace.pb): a
-- truncated inline frame, callstack_iid as bytes, callstack_weight as a
-- varint, callstack as a varint. Each event keeps its slice and args and
-- loses only its callstack.
SELECT s.name, extract_arg(s.arg_set_id, 'debug.kept') AS kept, c.callsite_id, c.weight
FROM slice s LEFT JOIN __intrinsic_track_event_callstacks c ON c.slice_id = s.id ORDER BY s.ts;
SELECT name, value FROM stats WHERE name IN ('track_event_parser_errors', 'proto_malformed_packet');
