SELECT name, ts FROM slice ORDER BY ts;
SELECT value FROM stats WHERE name = 'json_tokenizer_failure';
