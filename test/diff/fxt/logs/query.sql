-- Log records go to android_logs (Perfetto's table for log messages) with
-- their time, thread and message; FXT logs carry no severity or tag, so
-- prio is 4 (INFO) and tag NULL. A message past its record's end is a
-- read error (counted); the records around it are kept.
select l.ts, t.tid, t.upid is not null as in_process, l.prio, l.tag, l.msg
from android_logs l join thread t using (utid)
order by l.ts;

select name, value from stats where name = 'fuchsia_record_read_error';

select start_ts, end_ts from trace_bounds;
