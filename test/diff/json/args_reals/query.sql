SELECT key, real_value, value_type
FROM args
WHERE arg_set_id = (SELECT arg_set_id FROM slice)
ORDER BY id;
