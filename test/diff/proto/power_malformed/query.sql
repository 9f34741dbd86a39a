-- Malformed power packets: dropped and counted, the rest still read.
SELECT c.ts, t.name, c.value FROM counter c JOIN counter_track t ON c.track_id = t.id
ORDER BY c.ts, t.name;
SELECT name, value FROM stats WHERE name = 'proto_malformed_packet';
