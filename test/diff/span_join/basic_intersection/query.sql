-- Unpartitioned SPAN_JOIN of the top-level slices of two threads.
CREATE VIEW main_top AS
SELECT s.ts, s.dur, s.name AS main_name
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
WHERE t.tid = 10 AND s.depth = 0;

CREATE VIEW render_top AS
SELECT s.ts, s.dur, s.name AS render_name
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
WHERE t.tid = 11 AND s.depth = 0;

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(main_top, render_top);

SELECT * FROM sj;
