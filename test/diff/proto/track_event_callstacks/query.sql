SELECT * FROM stack_profile_mapping ORDER BY id;
SELECT * FROM stack_profile_frame ORDER BY id;
SELECT * FROM stack_profile_callsite ORDER BY id;
SELECT * FROM stack_profile_symbol ORDER BY id;
SELECT c.id, s.name, s.ts, c.track_id = s.track_id AS same_track, c.callsite_id, c.end_callsite_id, c.weight
FROM __intrinsic_track_event_callstacks c JOIN slice s ON s.id = c.slice_id ORDER BY c.id;
-- Each event's leaf frame and the frame below it.
SELECT s.name, leaf.depth, lf.name AS leaf_frame, pf.name AS parent_frame
FROM __intrinsic_track_event_callstacks c JOIN slice s ON s.id = c.slice_id
JOIN stack_profile_callsite leaf ON leaf.id = coalesce(c.callsite_id, c.end_callsite_id)
JOIN stack_profile_frame lf ON lf.id = leaf.frame_id
LEFT JOIN stack_profile_callsite p ON p.id = leaf.parent_id
LEFT JOIN stack_profile_frame pf ON pf.id = p.frame_id
ORDER BY c.id;
SELECT name, value FROM stats WHERE name GLOB 'stackprofile_*' AND value > 0;
