SELECT flat_key, key, int_value, string_value, value_type, display_value
FROM args
WHERE arg_set_id = (SELECT arg_set_id FROM slice)
ORDER BY id;
