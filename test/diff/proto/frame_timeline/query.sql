select e.ts, e.dur, e.name, e.depth, t.name as track, t.type, p.pid,
       e.display_frame_token, e.surface_frame_token, e.layer_name
from expected_frame_timeline_slice e join track t on t.id = e.track_id
join process p on p.upid = e.upid order by e.ts;
select a.ts, a.dur, a.name, a.track_id, t.name as track, p.pid, a.display_frame_token,
       a.surface_frame_token, a.layer_name, a.present_type, a.on_time_finish,
       a.gpu_composition, a.jank_type, a.jank_severity_type, a.prediction_type, a.jank_tag
from actual_frame_timeline_slice a join track t on t.id = a.track_id
join process p on p.upid = a.upid order by a.ts;
select o.name as slice_out, o.ts as ts_out, i.name as slice_in, i.ts as ts_in
from flow f join slice o on f.slice_out = o.id join slice i on f.slice_in = i.id order by f.id;
select key, display_value from args
where arg_set_id = (select arg_set_id from slice where ts = 120) order by key;
select name, value from stats where name like 'frame_timeline%' order by name;
