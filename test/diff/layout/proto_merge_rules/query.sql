select id, parent_id, name, kind, order_rank, source_track_count, lane_count,
  upid, utid, max_depth, tree_depth, sibling_order_rank
from track_group order by id;

select s.name, l.group_id, l.lane, l.depth
from slice_layout l join slice s on s.id = l.slice_id
order by l.slice_id;

select name, value from stats where name = 'track_merge_inconsistent_properties';
