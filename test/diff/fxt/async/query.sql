-- Async events go on process tracks keyed by (process, name, correlation
-- id), whatever thread wrote them; an id reuses an idle track of its name
-- (9 takes 7's track), and ids open at the same time get their own tracks.
-- The same id in another process is another track.
select s.ts, s.dur, s.name, s.depth, s.track_id, t.name as track_name, t.type,
  p.pid, extract_arg(s.arg_set_id, 'url') as url
from slice s
join process_track t on s.track_id = t.id
join process p using (upid)
order by s.ts, s.track_id;
