-- Context switch (scheduling record type 1) and thread wakeup (type 2)
-- records: threads are koids; weights are the incoming_weight /
-- outgoing_weight / weight arguments (sched.priority), INT32_MIN marking
-- the CPU's idle thread (utid 0; an idle wakeup is counted, not imported).
-- A wakeup makes a blocked thread runnable ("R"), its waker the thread
-- running on the wakeup's CPU (none before a switch of that CPU). An
-- undefined outgoing state leaves end_state NULL (task_state_invalid); an
-- undefined scheduling record type is counted (fuchsia_unknown_record).
select s.ts, s.dur, s.cpu, t.tid, s.end_state, s.priority
from sched s join thread t using (utid)
order by s.ts;

select ts.ts, ts.dur, t.tid, ts.state, ts.cpu, w.tid as waker_tid,
  ts.waker_id is not null as has_waker_row
from thread_state ts join thread t using (utid)
left join thread w on ts.waker_utid = w.utid
order by ts.ts, t.tid;

select name, value from stats where name in ('task_state_invalid',
  'fuchsia_unknown_record', 'fuchsia_idle_thread_wakeup') order by name;
