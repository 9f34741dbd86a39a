SELECT name, key_type, int_value, str_value, machine_id, trace_id FROM metadata WHERE name GLOB 'trace_attribute.*' ORDER BY name;
