-- A circular buffer: the oldest non-durable records were overwritten, so
-- the trace starts mid-stream. Ends of slices that began before the wrap
-- are counted (fuchsia_unmatched_end_event); string and thread indexes whose
-- records were lost read as the placeholder "<unknown string N>" and the
-- placeholder thread (pid 0, tid 0), counted; everything intact is
-- imported, a slice still open at the end keeps dur -1.
select s.ts, s.dur, s.category, s.name, t.tid
from slice s join thread_track tr on s.track_id = tr.id join thread t using (utid)
order by s.ts;

select name, severity, value from stats
where name in ('fuchsia_unmatched_end_event', 'fuchsia_invalid_string_ref',
  'fuchsia_invalid_thread_ref') order by name;
