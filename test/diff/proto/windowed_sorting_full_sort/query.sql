select ts, name from slice order by id;
select name, value from stats where name = 'sorter_push_event_out_of_order';
