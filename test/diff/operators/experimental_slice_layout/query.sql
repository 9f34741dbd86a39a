-- Stalactites (a depth-0 slice and its descendants) of the chosen tracks
-- stacked into one: B (inside A's time) goes below A's two levels, C below
-- A only (B has ended), D starts as A ends (back to 0); the unfinished
-- "open" stays open, so E goes below it. Tokens that are no track id are
-- ignored; a track not listed is left out.
SELECT s.name, l.layout_depth
FROM experimental_slice_layout((SELECT group_concat(id, ',') || ',x,,-1' FROM thread_track)) l
JOIN slice s USING (id) ORDER BY l.id;
SELECT s.name, l.layout_depth
FROM experimental_slice_layout((SELECT group_concat(tt.id, ',') FROM thread_track tt
                                JOIN thread USING (utid) WHERE tid IN (2, 3))) l
JOIN slice s USING (id) ORDER BY l.id;
