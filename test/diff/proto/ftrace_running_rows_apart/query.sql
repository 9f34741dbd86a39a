SELECT ts, dur, cpu, utid, tid, end_state FROM sched JOIN thread USING (utid) ORDER BY ts, cpu;
SELECT ts, dur, utid, tid, state, cpu, ucpu FROM thread_state JOIN thread USING (utid)
ORDER BY ts, utid;
SELECT name, value FROM stats WHERE name = 'mismatched_sched_switch_tids';
