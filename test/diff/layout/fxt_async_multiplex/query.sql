-- FXT async tracks lay out like JSON b/e/n events: they belong to their
-- process and merge by name under it (not across processes), multiplexed
-- onto lanes: Single and Seq (whose two ids reuse one track) need one lane,
-- Pair two, Triple three at its peak (200-240; Step and Mark nest under id
-- 0x41); its unterminated 0x43 keeps lane 0 busy, so 0x44 takes lane 1.
select id, parent_id, name, kind, order_rank, source_track_count, lane_count,
  max_depth, tree_depth
from track_group order by id;

select s.ts, s.dur, s.name, l.group_id, l.lane, l.depth
from slice_layout l join slice s on s.id = l.slice_id
order by l.slice_id;
