select s.name, a.key, a.display_value
from slice s join args a using (arg_set_id)
order by s.ts, a.key;
select name from slice where extract_arg(arg_set_id, 'correlation_id') = 'tp:#42' order by ts;
