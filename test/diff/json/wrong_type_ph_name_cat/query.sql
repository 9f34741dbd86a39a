SELECT name, category FROM slice ORDER BY ts;
SELECT value FROM stats WHERE name = 'json_tokenizer_failure';
