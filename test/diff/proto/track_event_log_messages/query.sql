SELECT l.ts, t.tid, l.tag, l.msg, l.prio FROM android_logs l JOIN thread t USING (utid) ORDER BY l.ts;
SELECT s.name, extract_arg(s.arg_set_id, 'track_event.priority') AS priority FROM slice s ORDER BY s.ts;
