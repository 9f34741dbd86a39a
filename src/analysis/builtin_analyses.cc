// The built-in analyses' SQL. DevTools' warning rules (thresholds and which
// events count) are those of the DevTools trace engine's WarningsHandler
// and UserInteractionsHandler; weft's counts are checked against it on the
// public DevTools fixtures (test/devtools/alerts_vs_devtools.py).
#include "src/analysis/builtin_analyses.h"

namespace weft {
namespace {

// RunTask over 50 ms, not on a worker thread (view chrome_long_task,
// installed by analysis_views.cc).
constexpr char kDevtoolsLongTask[] = R"sql(
SELECT slice_id, 'long_task' AS kind, 'warning' AS alert_type,
  printf('Long task: this task kept its thread busy for %.1f ms, over the 50 ms '
         || 'budget; input arriving meanwhile waits for it to finish.', dur / 1e6) AS description,
  'https://web.dev/articles/long-tasks-devtools' AS link
FROM chrome_long_task
)sql";

// Layout / style recalculation run inside JavaScript (a JS invocation among
// its ancestors) whose total within one top-level task is >= 30 ms. Only
// tasks of 30 ms or more can hold that much: their reflows are the only
// ones whose ancestors are looked at (ancestor_slice() per reflow of a whole
// trace would cost more than the rest of the analyses together).
constexpr char kDevtoolsForcedReflow[] = R"sql(
WITH long_task AS MATERIALIZED (
  SELECT id, track_id, ts, ts + dur AS end_ts FROM slice
  WHERE dur >= 30000000 AND depth = 0
),
reflow AS (
  SELECT s.id, s.dur, t.id AS task_id
  FROM long_task t JOIN slice s
    ON s.track_id = t.track_id AND s.ts >= t.ts AND s.ts < t.end_ts
  WHERE s.name IN ('Layout', 'UpdateLayoutTree') AND s.depth > 0
    AND EXISTS (
      SELECT 1 FROM ancestor_slice(s.id) a
      WHERE a.name IN ('RunMicrotasks', 'FunctionCall', 'EvaluateScript', 'v8.evaluateModule',
                       'EventDispatch', 'V8.Execute', 'V8Console::runTask')
         OR a.name GLOB 'v8*' OR a.name GLOB 'V8*')
),
forced_task AS (
  SELECT task_id FROM reflow GROUP BY task_id HAVING SUM(MAX(dur, 0)) >= 30000000
)
SELECT id AS slice_id, 'forced_reflow' AS kind, 'warning' AS alert_type,
  'Forced reflow: JavaScript read layout while it was out of date, so the browser '
  || 'recalculated style and layout synchronously (30 ms or more in this task).' AS description,
  'https://developers.google.com/web/fundamentals/performance/rendering/avoid-large-complex-layouts-and-layout-thrashing#avoid-forced-synchronous-layouts' AS link
FROM reflow WHERE task_id IN (SELECT task_id FROM forced_task)
)sql";

constexpr char kDevtoolsIdleCallback[] = R"sql(
SELECT id AS slice_id, 'idle_callback_over_time' AS kind, 'warning' AS alert_type,
  printf('Idle callback over time: it ran %.1f ms, longer than the %g ms the '
         || 'scheduler allotted to it.', dur / 1e6,
         extract_arg(arg_set_id, 'args.data.allottedMilliseconds')) AS description,
  'https://developer.mozilla.org/docs/Web/API/Window/requestIdleCallback' AS link
FROM slice
WHERE name = 'FireIdleCallback'
  AND dur / 1e6 > extract_arg(arg_set_id, 'args.data.allottedMilliseconds')
)sql";

// EventTiming async slices of a real interaction (interactionId, type and
// timings set; duration >= 1) lasting over 200 ms.
constexpr char kDevtoolsLongInteraction[] = R"sql(
SELECT id AS slice_id, 'long_interaction' AS kind, 'warning' AS alert_type,
  printf('Long interaction: %.0f ms from the input to the next frame, over '
         || 'the 200 ms of a good Interaction to Next Paint.', dur / 1e6) AS description,
  'https://web.dev/articles/inp' AS link
FROM slice
WHERE name = 'EventTiming' AND dur > 200000000
  AND extract_arg(arg_set_id, 'args.data.duration') >= 1
  AND COALESCE(extract_arg(arg_set_id, 'args.data.interactionId'), 0) != 0
  AND COALESCE(extract_arg(arg_set_id, 'args.data.type'), '') != ''
  AND COALESCE(extract_arg(arg_set_id, 'args.data.timeStamp'), 0) != 0
  AND COALESCE(extract_arg(arg_set_id, 'args.data.processingStart'), 0) != 0
  AND COALESCE(extract_arg(arg_set_id, 'args.data.processingEnd'), 0) != 0
)sql";

// One "Long task" slice per DevTools long task, on a track per thread
// (placed under its process): long tasks of two threads may overlap.
constexpr char kChromeLongTasks[] = R"sql(
SELECT l.ts, l.dur, 'Long task' AS name, 'devtools' AS category, l.upid,
  CASE WHEN t.utid IS NULL THEN 'Long tasks'
       ELSE printf('Long tasks: %s %d', COALESCE(t.name, 'thread'), t.tid) END AS track_name,
  'A task over 50 ms: the thread could not respond to input during it.' AS description,
  'https://web.dev/articles/long-tasks-devtools' AS link
FROM chrome_long_task l LEFT JOIN thread t ON t.utid = l.utid
)sql";

// Android app startups: the `launching: <package>` slices ActivityManager
// emits; in traces without them, from each bindApplication to the end of
// the process' first Choreographer#doFrame after it.
constexpr char kAndroidStartups[] = R"sql(
WITH launching AS MATERIALIZED (
  -- A range, not GLOB 'launching: *': the store compares it faster.
  SELECT ts, dur, name FROM slice WHERE name >= 'launching: ' AND name < 'launching:!'
),
-- Slices first, then their threads: the name test is the selective one.
bind AS MATERIALIZED (
  SELECT s.ts, th.upid
  FROM (SELECT ts, track_id FROM slice WHERE name = 'bindApplication') s
  JOIN thread_track tt ON s.track_id = tt.id JOIN thread th USING (utid)
  WHERE NOT EXISTS (SELECT 1 FROM launching)
),
frame AS MATERIALIZED (
  -- Computed only when some bindApplication needs its first frame.
  SELECT s.ts, s.dur, th.upid
  FROM (SELECT ts, dur, track_id FROM slice
        WHERE name >= 'Choreographer#doFrame' AND name < 'Choreographer#doFramf') s
  JOIN thread_track tt ON s.track_id = tt.id JOIN thread th USING (utid)
),
bound AS (
  SELECT b.ts, b.upid,
    (SELECT MIN(f.ts + f.dur) FROM frame f WHERE f.upid = b.upid AND f.ts >= b.ts) AS end_ts
  FROM bind b
)
SELECT ts, dur, name, 'App startups' AS track_name, 'android' AS category,
  'An app startup, from the launch request to the first frame drawn.' AS description,
  'https://developer.android.com/topic/performance/vitals/launch-time' AS link
FROM launching
UNION ALL
SELECT b.ts, b.end_ts - b.ts, 'startup: ' || COALESCE(p.name, 'pid ' || p.pid),
  'App startups', 'android',
  'An app startup (no launching slice in the trace): from bindApplication to the '
  || 'end of the process'' first Choreographer#doFrame.',
  'https://developer.android.com/topic/performance/vitals/launch-time'
FROM bound b JOIN process p USING (upid) WHERE b.end_ts IS NOT NULL
)sql";

}  // namespace

const std::vector<BuiltinAnalysis>& BuiltinAnalyses() {
  static const std::vector<BuiltinAnalysis> kAnalyses = {
      {"devtools_long_task", kDevtoolsLongTask, false},
      {"devtools_forced_reflow", kDevtoolsForcedReflow, false},
      {"devtools_idle_callback_over_time", kDevtoolsIdleCallback, false},
      {"devtools_long_interaction", kDevtoolsLongInteraction, false},
      {"chrome_long_tasks", kChromeLongTasks, true},
      {"android_startups", kAndroidStartups, true},
  };
  return kAnalyses;
}

const BuiltinAnalysis* FindBuiltinAnalysis(std::string_view name) {
  for (const BuiltinAnalysis& a : BuiltinAnalyses()) {
    if (name == a.name) return &a;
  }
  return nullptr;
}

}  // namespace weft
