-- Slices with the thread or process they belong to. Written for weft; the
-- names and columns follow Perfetto's so that queries written for Perfetto
-- run unchanged.

-- All thread slices with data about thread, thread track and process.
-- Slices on other tracks (async, process, global) are not in it.
CREATE PERFETTO VIEW thread_slice(
  -- Alias for `slice.id`.
  id LONG,
  -- Alias for `slice.ts`.
  ts TIMESTAMP,
  -- Alias for `slice.dur`.
  dur DURATION,
  -- Alias for `slice.category`.
  category STRING,
  -- Alias for `slice.name`.
  name STRING,
  -- Alias for `slice.track_id`.
  track_id LONG,
  -- Alias for `thread.utid`.
  utid LONG,
  -- Alias for `thread.tid`.
  tid LONG,
  -- Alias for `thread.name`.
  thread_name STRING,
  -- Alias for `process.upid`.
  upid LONG,
  -- Alias for `process.pid`.
  pid LONG,
  -- Alias for `process.name`.
  process_name STRING,
  -- Alias for `slice.depth`.
  depth LONG,
  -- Alias for `slice.parent_id`.
  parent_id LONG,
  -- Alias for `slice.arg_set_id`.
  arg_set_id LONG,
  -- Alias for `slice.thread_ts`.
  thread_ts TIMESTAMP,
  -- Alias for `slice.thread_dur`.
  thread_dur DURATION
) AS
SELECT
  s.id, s.ts, s.dur, s.category, s.name, s.track_id,
  t.utid, t.tid, t.name AS thread_name,
  p.upid, p.pid, p.name AS process_name,
  s.depth, s.parent_id, s.arg_set_id, s.thread_ts, s.thread_dur
FROM slice AS s
JOIN thread_track AS tt ON s.track_id = tt.id
JOIN thread AS t USING (utid)
LEFT JOIN process AS p USING (upid);
