SELECT s.name, s.ts, s.dur, s.depth, p.name AS parent
FROM slice s LEFT JOIN slice p ON s.parent_id = p.id ORDER BY s.id;
SELECT name, value FROM stats
WHERE name IN ('misplaced_end_event', 'json_unmatched_end_event') ORDER BY name;
