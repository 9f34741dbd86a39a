-- A user analysis: a counter of long-task count over time, and a derived
-- slice per RunTask over 40 ms with an error alert.
select ts, count(*) over (order by ts) as value, 'Long task count' as track_name
from slice where name = 'RunTask' and dur > 40000000;
select ts, dur, 'Slow task' as name, 'Slow tasks' as track_name, 'error' as alert_type,
       'slow_task' as kind, 'A task over 40 ms.' as description
from slice where name = 'RunTask' and dur > 40000000;
