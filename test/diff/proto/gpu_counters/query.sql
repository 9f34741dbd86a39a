select t.name, t.type, t.description, c.ts, c.value
from counter c join track t on t.id = c.track_id order by t.name, c.ts;
select name, value from stats where name = 'gpu_counters_invalid_spec';
