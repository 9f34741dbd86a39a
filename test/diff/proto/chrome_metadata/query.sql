SELECT name, int_value, str_value FROM metadata WHERE name GLOB 'cr-*' ORDER BY name;
SELECT s.ts, s.name, t.name AS track, extract_arg(s.arg_set_id, 'chrome_trigger.name_hash') AS hash, extract_arg(s.arg_set_id, 'chrome_trigger.name') AS trigger_name FROM slice s JOIN track t ON s.track_id = t.id ORDER BY s.ts;
