SELECT utid FROM slice
JOIN thread_track ON thread_track.id = slice.track_id
WHERE slice.name = 'measure';
