-- A trace without a uuid of its own gets Perfetto's: 00000000-0000-0000-
-- then the FNV-1a hash of its first 4096 bytes (here the whole file).
SELECT name, str_value, machine_id, trace_id FROM metadata WHERE name = 'trace_uuid';
