SELECT name, ts, dur, thread_ts, thread_dur FROM slice ORDER BY ts;
