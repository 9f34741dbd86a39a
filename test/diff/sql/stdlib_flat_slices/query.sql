-- slices.flat_slices: each slice's self time. RunTask (1.0-1.9 ms) minus
-- SendNavigation (1.1-1.4 ms; the 0-duration Mark takes no time);
-- CommitNavigation (1.6-2.4 ms) minus Layout (1.7-1.9) and Paint (1.95-2.1).
INCLUDE PERFETTO MODULE slices.flat_slices;
SELECT slice_id, ts, dur, depth, name, track_id FROM _slice_flattened
ORDER BY track_id, ts;
