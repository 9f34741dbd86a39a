select c.ucpu, c.cpu, c.cluster_id, c.processor, c.capacity, m.raw_id as machine_raw_id,
  extract_arg(c.arg_set_id, 'arm_cpu_part') as arm_part,
  extract_arg(c.arg_set_id, 'arm_cpu_revision') as arm_revision,
  extract_arg(c.arg_set_id, 'cpu_features.mte') as mte,
  extract_arg(c.arg_set_id, 'cpu_features.mte3') as mte3,
  extract_arg(c.arg_set_id, 'cpu_features.raw_bitmap') as raw_bitmap
from cpu c left join machine m on m.id = c.machine_id order by c.ucpu;
select ucpu, cpu, freq from cpu_available_frequencies order by id;
select name, value from stats where name = 'cpu_info_unknown_cpu_features';
