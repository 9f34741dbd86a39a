SELECT type FROM slice JOIN track ON track.id = slice.track_id
WHERE slice.name = 'measure';
