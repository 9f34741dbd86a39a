-- Kernel scheduling groups: a "CPU n" group per CPU with sched slices at the
-- top (frequency counters under it), a thread-state group first under each
-- thread with thread_state rows (not the idle threads).
select g.id, g.parent_id, g.name, g.kind, g.lane_count, g.max_depth, g.cpu,
       t.tid as state_tid, g.tree_depth
from track_group g left join thread t on t.utid = g.utid and g.kind = 'thread_state'
order by g.id;
