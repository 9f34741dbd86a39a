select t.name, t.type, extract_arg(t.dimension_arg_set_id, 'session_id') as session_id,
  s.ts, s.dur, s.value,
  extract_arg(s.arg_set_id, 'consumer_uid') as consumer_uid,
  extract_arg(s.arg_set_id, 'num_data_sources') as num_data_sources
from state s join track t on t.id = s.track_id order by t.id, s.ts;
select name, value from stats where name = 'concurrent_session_event_unknown_state';
