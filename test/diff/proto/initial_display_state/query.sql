select t.name, t.type, c.ts, c.value from counter c join counter_track t on t.id = c.track_id;
