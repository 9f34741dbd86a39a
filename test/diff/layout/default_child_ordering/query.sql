select id, parent_id, name, order_rank from track_group order by id;
