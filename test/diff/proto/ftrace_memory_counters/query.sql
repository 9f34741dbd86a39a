select t.name, t.type, p.pid, th.tid, c.ts, c.value
from counter c join track t on t.id = c.track_id
left join process_counter_track pt on pt.id = t.id
left join process p on p.upid = pt.upid
left join thread_counter_track tt on tt.id = t.id
left join thread th on th.utid = tt.utid
order by c.ts, t.name;
select name, value from stats where name glob 'rss_stat_*' or name = 'memory_counter_without_process'
order by name;
