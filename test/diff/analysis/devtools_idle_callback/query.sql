select kind, ts, dur, description from alert order by ts;
