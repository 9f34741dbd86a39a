SELECT t.name, thread.name AS thread, t.unit, c.ts, c.value
FROM counter c JOIN track t ON c.track_id = t.id
LEFT JOIN thread_counter_track tct ON c.track_id = tct.id LEFT JOIN thread USING (utid)
ORDER BY c.ts, t.name;
SELECT ts, dur, name, thread_ts, thread_dur FROM slice ORDER BY ts;
