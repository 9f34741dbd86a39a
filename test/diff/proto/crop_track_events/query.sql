SELECT ts, dur, name FROM slice ORDER BY ts;
SELECT t.name AS thread FROM thread t WHERE tid = 2;
SELECT name, int_value FROM metadata WHERE name = 'range_of_interest_start_us';
SELECT name, value FROM stats WHERE name = 'track_event_cropped';
