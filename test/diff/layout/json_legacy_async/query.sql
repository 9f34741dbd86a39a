-- Legacy async S/T/F events (and an async instant) follow the same default as
-- TrackEvent tracks: same-name tracks merge into one group (plain `id`s are
-- global, so at the top level; id2.local ones under their process),
-- multiplexed onto as many lanes as ids are open at once (0xa and 0xb: 2).
select g.id, g.parent_id, g.name, g.source_track_count, g.lane_count, g.max_depth
from track_group g order by g.id;

select s.ts, s.dur, s.name, l.group_id, l.lane, l.depth
from slice_layout l join slice s on s.id = l.slice_id
order by l.slice_id;
