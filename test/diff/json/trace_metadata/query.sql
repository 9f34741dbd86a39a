SELECT name, key_type, int_value, str_value
FROM metadata
WHERE name GLOB 'json_metadata.*'
ORDER BY name;
