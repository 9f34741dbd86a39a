-- atrace's TRACE: marker and trace-cmd's cpus= header are skipped; print
-- lines that repeat the tracing_mark_write name; CPU counters; clocks;
-- workqueue slices; the pid's process from the TGID column.
SELECT ts, dur, depth, slice.name, tid, upid IS NOT NULL AS has_process
FROM slice JOIN thread_track tt ON slice.track_id = tt.id JOIN thread USING (utid)
ORDER BY ts;
SELECT ts, value, t.name, t.type, cct.cpu
FROM counter c JOIN track t ON c.track_id = t.id LEFT JOIN cpu_counter_track cct ON cct.id = t.id
ORDER BY ts, t.name;
