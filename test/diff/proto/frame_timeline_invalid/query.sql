select a.ts, a.dur, a.name, a.present_type, a.jank_type, a.jank_severity_type,
       a.prediction_type, a.jank_tag, extract_arg(s.arg_set_id, 'Is Buffer?') as is_buffer
from actual_frame_timeline_slice a join slice s using (id) order by a.ts;
select count(*) as expected_frames from expected_frame_timeline_slice;
select name, value from stats where name like 'frame_timeline%' order by name;
