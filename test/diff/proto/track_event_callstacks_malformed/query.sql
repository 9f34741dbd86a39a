SELECT s.name, c.callsite_id FROM slice s
LEFT JOIN __intrinsic_track_event_callstacks c ON c.slice_id = s.id ORDER BY s.ts;
SELECT * FROM stack_profile_mapping ORDER BY id;
SELECT name, value FROM stats WHERE name GLOB 'stackprofile_*' ORDER BY name;
