-- Top-level slices x depth-1 slices, partitioned by thread on both sides.
CREATE VIEW top AS
SELECT s.ts, s.dur, tt.utid, s.name AS parent_name
FROM slice s JOIN thread_track tt ON s.track_id = tt.id WHERE s.depth = 0;

CREATE VIEW child AS
SELECT s.id AS child_id, s.name AS child_name, s.dur, s.ts, tt.utid
FROM slice s JOIN thread_track tt ON s.track_id = tt.id WHERE s.depth = 1;

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(top PARTITIONED utid, child PARTITIONED utid);

SELECT * FROM sj;

-- Equality on the partition is pushed into both inputs.
SELECT ts, dur, child_name FROM sj WHERE utid = 3;

SELECT utid, COUNT(*) AS n, SUM(dur) AS total FROM sj GROUP BY utid ORDER BY utid;
