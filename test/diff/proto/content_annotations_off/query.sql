SELECT arg_set_id, key, value_type, display_value FROM args
WHERE key GLOB 'event.*' ORDER BY arg_set_id, id;
