select name, key_type, int_value, str_value from metadata order by id;
