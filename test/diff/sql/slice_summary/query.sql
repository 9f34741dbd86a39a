-- slice_summary(start_ts, end_ts [, filter_track_ids]): slices overlapping
-- the range grouped by name; self_dur = total_dur minus direct children.
SELECT * FROM slice_summary(0, 1000000);
-- Only what overlaps [45 us, 205 us] (an unfinished slice overlaps later ranges only).
SELECT name, slice_count, total_dur, max_dur, self_dur FROM slice_summary(45000, 205000);
-- One thread's tracks.
SELECT * FROM slice_summary(0, 1000000, (SELECT group_concat(id) FROM thread_track
  WHERE utid = (SELECT utid FROM thread WHERE tid = 2)));
-- The same figures from plain SQL (children of the selected slices).
SELECT name, count(*) AS slice_count, sum(max(dur, 0)) AS total_dur, max(max(dur, 0)) AS max_dur,
  sum(max(dur, 0)) - coalesce(sum((SELECT sum(max(c.dur, 0)) FROM slice c WHERE c.parent_id = s.id)), 0) AS self_dur
FROM slice s WHERE ts <= 205000 AND (dur < 0 OR ts + dur >= 45000)
GROUP BY name ORDER BY total_dur DESC, name;
