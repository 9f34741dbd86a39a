select kind, ts, dur, name from alert order by ts;
