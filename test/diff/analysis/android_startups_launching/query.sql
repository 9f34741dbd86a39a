select d.name as track, d.analysis, s.ts, s.dur, s.name, s.category
from derived_track d join slice s on s.track_id = d.id order by s.ts;
