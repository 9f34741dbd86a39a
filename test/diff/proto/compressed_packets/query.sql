SELECT ts, name FROM slice ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('compressed_packets_skipped', 'proto_malformed_packet') ORDER BY name;
