-- A SysStats packet whose second thermal_zone announces a 16-byte type but
-- holds 2 bytes, and a CpuInfo whose cpu entry is cut the same way: each
-- packet is counted in proto_malformed_packet; what the SysStats packet
-- held before the bad field is kept, and later packets parse.
select t.name, c.ts, c.value from counter c join track t on t.id = c.track_id order by c.ts;
select count(*) as cpus from cpu;
select name, value from stats where name = 'proto_malformed_packet';
