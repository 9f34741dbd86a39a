select s.ts, s.dur, s.name, s.category, s.depth, t.name as track,
       (select count(*) from args a where a.arg_set_id = s.arg_set_id) as args
from slice s join track t on s.track_id = t.id order by s.ts;
select name, value from stats where name = 'interned_data_tokenizer_errors';
