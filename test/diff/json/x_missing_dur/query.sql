SELECT name, dur FROM slice;
SELECT value FROM stats WHERE name = 'json_parser_failure';
