select t.name, t.type, t.unit, m.raw_id as machine_raw_id, c.ts, c.value,
  extract_arg(t.dimension_arg_set_id, 'cpu') as dim_cpu
from counter c join counter_track t on t.id = c.track_id
left join machine m on m.id = t.machine_id
where t.name not glob 'cpu.times.*' or t.name = 'cpu.times.user_ns' or c.ts = 1000
order by t.id, c.ts;
select count(*) as cpustat_tracks from cpu_counter_track where name glob 'cpu.times.*';
select name, value from stats where name in ('invalid_cpu_times', 'proto_malformed_packet') order by name;
