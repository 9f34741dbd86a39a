SELECT name, str_value, machine_id, trace_id FROM metadata WHERE name = 'trace_uuid';
