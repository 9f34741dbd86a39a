SELECT str_value FROM metadata WHERE name = 'trace_config_pbtxt';
