-- Metric web_main_thread (WebMainThreadMetric, weft's own): for each Chrome
-- main thread (CrRendererMain, CrBrowserMain), the time of its top-level
-- tasks, the long tasks among them (over 50 ms, DevTools' threshold), the
-- longest, and the time per category.

CREATE PERFETTO TABLE _web_main_thread_task AS
SELECT tt.utid, s.dur, IFNULL(s.category, '') AS category
FROM slice s
JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t ON t.utid = tt.utid
WHERE s.depth = 0 AND s.dur > 0 AND t.name IN ('CrRendererMain', 'CrBrowserMain');

CREATE PERFETTO FUNCTION _web_main_thread(utid INT) RETURNS BYTES AS
SELECT WebMainThreadMetric_MainThread(
  'process_name', (SELECT p.name FROM thread t JOIN process p USING (upid) WHERE t.utid = $utid),
  'pid', (SELECT p.pid FROM thread t JOIN process p USING (upid) WHERE t.utid = $utid),
  'tid', (SELECT tid FROM thread WHERE utid = $utid),
  'busy_ns', SUM(dur),
  'long_task_count', SUM(dur > 50000000),
  'long_task_ns', SUM(IIF(dur > 50000000, dur, 0)),
  'max_task_ns', MAX(dur),
  'category', (
    SELECT RepeatedField(
      WebMainThreadMetric_Category(
        'name', category, 'duration_ns', total, 'slice_count', n)
      ORDER BY total DESC, category)
    FROM (
      SELECT category, SUM(dur) AS total, COUNT(*) AS n
      FROM _web_main_thread_task WHERE utid = $utid GROUP BY category)))
FROM _web_main_thread_task
WHERE utid = $utid;

CREATE PERFETTO VIEW web_main_thread_output AS
SELECT WebMainThreadMetric(
  'main_thread', (
    SELECT RepeatedField(_web_main_thread(utid) ORDER BY utid)
    FROM (SELECT DISTINCT utid FROM _web_main_thread_task)));
