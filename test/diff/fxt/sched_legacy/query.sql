-- Legacy context switch records (scheduling record type 0): threads are
-- thread refs (table index or inline pid / tid), priorities in the header;
-- the idle thread (pid 0, priority 0) is the idle task, utid 0. Each
-- switch closes the CPU's slice with the outgoing thread's state (Zircon
-- running "R", blocked "S", suspended "T", dying "Z", dead "X") and opens
-- one for the incoming thread; thread_state follows each thread.
select s.ts, s.dur, s.cpu, t.tid, t.name, s.end_state, s.priority
from sched s join thread t using (utid)
order by s.ts, s.cpu;

select ts.ts, ts.dur, t.tid, ts.state, ts.cpu
from thread_state ts join thread t using (utid)
order by ts.ts, t.tid;

select cpu from cpu order by cpu;

select p.pid, p.name, t.tid, t.name from thread t left join process p using (upid)
where t.tid != 0 order by t.tid;
