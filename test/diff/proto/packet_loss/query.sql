SELECT ts, name FROM slice ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('tokenizer_skipped_packets', 'interned_data_tokenizer_errors') ORDER BY name;
