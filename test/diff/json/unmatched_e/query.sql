SELECT name, ts, dur, depth FROM slice;
SELECT name, value FROM stats WHERE value > 0;
