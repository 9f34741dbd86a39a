select d.name as track, d.type, d.analysis, p.name as process, s.ts, s.dur, s.name, s.depth,
       a.description is not null as annotated, a.alert_type
from derived_track d join slice s on s.track_id = d.id
left join process p using (upid)
left join slice_annotation a on a.slice_id = s.id
order by s.ts;
select g.name, g.tree_depth, g.lane_count, pg.name as parent
from track_group g join track_group_member m on m.group_id = g.id
join derived_track d on d.id = m.track_id
left join track_group pg on pg.id = g.parent_id;
select count(*) as layout_rows_match from slice_layout where slice_id = (select max(id) from slice);
