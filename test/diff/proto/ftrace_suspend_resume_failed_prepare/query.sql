-- Suspend/resume slices around a failed suspend_prepare().
SELECT s.ts, s.dur, s.name FROM slice s JOIN track t ON s.track_id = t.id
WHERE t.name = 'Suspend/Resume Latency'
ORDER BY s.ts;
