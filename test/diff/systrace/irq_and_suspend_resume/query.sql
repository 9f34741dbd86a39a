-- Interrupt handlers (text) are slices on per-CPU "Irq Cpu N" / "SoftIrq
-- Cpu N" tracks with their ret / vec args; suspend_resume phases are slices
-- "action(val)" on "Suspend/Resume Latency" (timekeeping_freeze's val is a
-- CPU, counted as 0). A softirq vector beyond the kernel's list and
-- unreadable lines are counted.
SELECT s.ts, s.dur, s.category, s.name, t.name AS track, s.depth,
       (SELECT display_value FROM args a WHERE a.arg_set_id = s.arg_set_id) AS arg
FROM slice s JOIN track t ON s.track_id = t.id
ORDER BY s.ts;
SELECT name, value FROM stats
WHERE name IN ('systrace_event_malformed', 'ftrace_event_malformed') ORDER BY name;
