SELECT upid, pid, name, extract_arg(arg_set_id, 'chrome.host_app_package_name') AS app
FROM process ORDER BY upid;
SELECT utid, tid, upid, name FROM thread ORDER BY utid;
SELECT t.name, t.parent_id IS NULL AS is_root,
  extract_arg(t.source_arg_set_id, 'description') AS description,
  extract_arg(t.source_arg_set_id, 'child_ordering') AS ordering,
  extract_arg(t.source_arg_set_id, 'sibling_order_rank') AS rank,
  extract_arg(t.source_arg_set_id, 'has_first_packet_on_sequence') AS first
FROM track t ORDER BY t.id;
SELECT s.ts, s.name, tt.utid, pt.upid FROM slice s
LEFT JOIN thread_track tt ON s.track_id = tt.id
LEFT JOIN process_track pt ON s.track_id = pt.id ORDER BY s.ts;
