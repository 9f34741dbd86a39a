SELECT name, ts, dur FROM slice ORDER BY ts;
