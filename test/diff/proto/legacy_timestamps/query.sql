SELECT ts, name FROM slice ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('track_event_invalid_timestamp', 'streaming_profile_invalid_timestamp', 'track_event_tokenizer_errors') ORDER BY name;
