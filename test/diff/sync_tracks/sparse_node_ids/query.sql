-- Node ids far beyond the node count (the id -> node map is a hash, not
-- an array): the same calls as no_events, with these ids.
SELECT s.id, s.ts, s.dur, s.depth, s.parent_id, s.category, s.name,
  extract_arg(s.arg_set_id, 'url') AS url, extract_arg(s.arg_set_id, 'line_number') AS line,
  extract_arg(s.arg_set_id, 'node_id') AS node, extract_arg(s.arg_set_id, 'sample_count') AS samples
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread USING (utid)
WHERE thread.tid = 2
ORDER BY s.ts, s.depth;
