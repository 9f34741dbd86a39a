SELECT ts, dur, tid FROM sched JOIN thread USING (utid) ORDER BY ts;
SELECT ts, name FROM ftrace_event ORDER BY ts;
SELECT name, value FROM stats WHERE name = 'ftrace_packet_before_tracing_start';
