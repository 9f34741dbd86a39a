-- The documented pattern: counter values turned into spans with lead()
-- (the last one has a NULL dur, i.e. lasts 0), left-joined onto slices.
CREATE VIEW freq AS
SELECT ts, lead(ts) OVER (ORDER BY ts) - ts AS dur, CAST(value AS INT) AS freq
FROM counter;

CREATE VIEW main_top AS
SELECT s.ts, s.dur, s.name
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
WHERE t.tid = 10 AND s.depth = 0;

CREATE VIRTUAL TABLE sj USING SPAN_LEFT_JOIN(main_top, freq);
SELECT * FROM sj;
