SELECT name FROM slice;
SELECT value FROM stats WHERE name = 'json_tokenizer_failure';
