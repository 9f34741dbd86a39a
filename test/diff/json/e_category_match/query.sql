SELECT name, category, ts, dur FROM slice;
