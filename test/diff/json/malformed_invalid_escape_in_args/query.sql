-- A malformed escape inside args keeps every arg (U+FFFD marks it).
SELECT s.name, a.key, a.string_value FROM slice s LEFT JOIN args a USING (arg_set_id) ORDER BY s.ts, a.id;
SELECT value FROM stats WHERE name = 'json_invalid_escape';
