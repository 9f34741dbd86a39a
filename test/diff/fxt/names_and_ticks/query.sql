-- The initialization record's ticks_per_second (1 MHz: a tick is 1 us)
-- converts timestamps to ns. Kernel object records name processes and
-- threads (a thread's process is its "process" koid arg), whatever their
-- place in the file; other kernel objects are ignored. Koids are kept as
-- 32-bit ids, as Perfetto does (virtual thread koid 2^63 + 103 is tid 103).
select s.ts, s.dur, s.name, t.tid, t.name as thread_name, p.pid,
  p.name as process_name
from slice s
join thread_track tr on s.track_id = tr.id
join thread t using (utid)
join process p using (upid)
order by s.ts;

select upid, pid, name from process order by upid;

select utid, tid, name, upid from thread order by utid;
