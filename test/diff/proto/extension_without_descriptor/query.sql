SELECT s.name, a.key, a.display_value FROM slice s JOIN args a USING (arg_set_id) ORDER BY a.id;
SELECT name, value FROM stats WHERE name = 'track_event_unknown_fields';
