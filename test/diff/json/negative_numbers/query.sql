SELECT key, int_value, real_value FROM args ORDER BY id;
