-- Nested slices of one thread overlap: not a valid span join input.
CREATE VIEW main_all AS
SELECT s.ts, s.dur, s.name
FROM slice s JOIN thread_track tt ON s.track_id = tt.id JOIN thread t USING (utid)
WHERE t.tid = 10;
CREATE TABLE window(ts INT, dur INT, w TEXT);
INSERT INTO window VALUES (0, 1000000, 'w');
CREATE VIRTUAL TABLE sj USING SPAN_LEFT_JOIN(window, main_all);
SELECT * FROM sj;
