select kind, ts, dur, name from alert where kind = 'forced_reflow' order by ts;
