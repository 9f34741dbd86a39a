-- The busiest threads of the example trace, with their process.
SELECT process.name AS process, thread.name AS thread, COUNT(*) AS slices,
       SUM(slice.dur) AS total_dur
FROM slice
JOIN thread_track ON slice.track_id = thread_track.id
JOIN thread USING (utid)
JOIN process USING (upid)
GROUP BY 1, 2
ORDER BY total_dur DESC;
