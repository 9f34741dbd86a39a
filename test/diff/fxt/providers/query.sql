-- Each provider has its own string table, thread table and tick rate;
-- provider section records switch between them (provider 1 counts ms,
-- provider 2 ns).
select s.ts, s.name, t.tid
from slice s
join thread_track tr on s.track_id = tr.id
join thread t using (utid)
order by s.ts, t.tid;
