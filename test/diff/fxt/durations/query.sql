-- Duration begin/end and complete events nest on the thread's track (pid =
-- process koid, tid = thread koid); instants are zero-duration slices. An
-- end closes the innermost open slice whatever its name (as in Perfetto) and
-- its args join the slice's; records are parsed in timestamp order.
select s.ts, s.dur, s.category, s.name, s.depth, t.tid, p.pid, tr.type,
  extract_arg(s.arg_set_id, 'begin_arg') as begin_arg,
  extract_arg(s.arg_set_id, 'end_arg') as end_arg
from slice s
join thread_track tr on s.track_id = tr.id
join thread t using (utid)
join process p using (upid)
order by s.ts;
