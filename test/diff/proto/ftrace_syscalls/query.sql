SELECT ts, dur, name, depth FROM slice ORDER BY ts;
