SELECT COUNT(*) AS slices FROM slice;
SELECT name, value FROM stats WHERE name = 'proto_malformed_packet';
