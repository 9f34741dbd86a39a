SELECT name, idx, value FROM stats WHERE name GLOB 'traced_buf_*' ORDER BY name, idx;
