-- Each numeric argument of a counter event is a series on a process counter
-- track named <event>:<argument>:<counter id> (Perfetto's naming); threads
-- of one process share it. Non-numeric arguments are counted in stats.
select t.name, t.type, p.pid, c.ts, c.value
from counter c
join process_counter_track t on c.track_id = t.id
join process p using (upid)
order by t.id, c.ts;

select name, value from stats where name = 'fuchsia_non_numeric_counters';
