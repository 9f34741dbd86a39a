SELECT * FROM machine ORDER BY id;
SELECT name, key_type, int_value, str_value, machine_id, trace_id FROM metadata WHERE name NOT GLOB 'trace_*' ORDER BY machine_id, name;
SELECT extract_metadata('system_name') AS primary_name, extract_metadata_for_machine(1, 'system_name') AS machine_1, extract_metadata_for_machine(7, 'system_name') AS no_machine, extract_metadata('no_such_key') AS no_key;
