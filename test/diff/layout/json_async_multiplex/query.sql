-- Chrome JSON async events merge by name under their process (global ones
-- at the top level) and are multiplexed onto lanes: Single and Seq (whose
-- two ids reuse one track) need one lane, Pair two, Triple three at its peak
-- (200-240); its unterminated 0x43 keeps lane 0 busy, so 0x44 takes lane 1.
-- The thread's improperly nested X event spills to a second thread track,
-- which joins the thread's group as a second lane.
select id, parent_id, name, kind, order_rank, source_track_count, lane_count,
  max_depth, tree_depth
from track_group order by id;

select s.ts, s.dur, s.name, l.group_id, l.lane, l.depth
from slice_layout l join slice s on s.id = l.slice_id
order by l.slice_id;
