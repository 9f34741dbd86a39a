-- slices.with_context: thread slices with their thread and process; the
-- async slice (id 1, "Navigation") is not on a thread track.
INCLUDE PERFETTO MODULE slices.with_context;
SELECT id, ts, dur, name, depth, parent_id, utid, tid, thread_name, upid, pid, process_name
FROM thread_slice ORDER BY id;
