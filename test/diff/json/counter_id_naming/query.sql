SELECT t.name, c.value
FROM counter c JOIN counter_track t ON c.track_id = t.id
ORDER BY t.name;
SELECT value FROM stats WHERE name = 'json_parser_failure';
