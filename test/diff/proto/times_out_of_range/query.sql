SELECT ts, dur, name, thread_ts, thread_dur FROM slice ORDER BY ts;
