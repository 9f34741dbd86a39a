SELECT name, ts, dur, depth FROM slice ORDER BY ts;
