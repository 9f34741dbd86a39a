-- Flow begin / step / end events bind to the innermost slice open on their
-- thread; a flow event outside any slice, or an end without a begin, is
-- counted in stats.
select f.id, so.name as slice_out, si.name as slice_in
from flow f
join slice so on f.slice_out = so.id
join slice si on f.slice_in = si.id
order by f.id;

select name, value from stats
where name in ('flow_no_enclosing_slice', 'flow_end_without_start')
order by name;
