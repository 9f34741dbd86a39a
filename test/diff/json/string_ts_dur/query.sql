SELECT name, ts, dur, thread_ts, thread_dur FROM slice ORDER BY ts;
SELECT value FROM stats WHERE name = 'json_tokenizer_failure';
