SELECT name, ts, dur, depth, parent_id FROM slice ORDER BY ts;
