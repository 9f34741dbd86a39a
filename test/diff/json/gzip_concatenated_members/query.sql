SELECT id, ts, dur, name, depth, parent_id
FROM slice
ORDER BY id;
