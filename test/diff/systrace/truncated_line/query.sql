-- A text trace cut inside its last line: the lines before it load, the cut
-- is reported (truncated_trace, the import log).
SELECT ts, dur, tid, end_state FROM sched JOIN thread USING (utid) ORDER BY ts;
SELECT name, value FROM stats WHERE name IN ('truncated_trace', 'systrace_line_unparsed');
