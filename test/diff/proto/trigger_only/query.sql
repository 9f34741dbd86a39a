SELECT name, str_value FROM metadata WHERE name = 'trace_trigger';
