select a.kind, a.alert_type, a.ts, a.dur, a.name, t.tid
from alert a join slice s on s.id = a.slice_id
join thread_track tt on tt.id = s.track_id join thread t using (utid)
order by a.ts, t.tid;
