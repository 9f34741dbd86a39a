-- Metric web_js_by_script (WebJsByScriptMetric, weft's own): the JavaScript
-- self time of a Chrome trace's V8 CPU profile per script URL and function.
-- The profile's calls are ProfileCall slices (args: url, line_number,
-- column_number), nested with the thread's trace events. Each instant of a
-- thread belongs to its deepest slice (_slice_flattened); it is JS time of
-- the innermost ProfileCall around it when that slice is the call itself or
-- a trace event that runs JS (has ProfileCall slices inside, e.g.
-- FunctionCall); other trace events inside JS (Layout, GC, ...) are native
-- work, not JS.

INCLUDE PERFETTO MODULE slices.flat_slices;

CREATE PERFETTO TABLE _web_js_call AS
SELECT
  s.id,
  IFNULL(extract_arg(s.arg_set_id, 'url'), '') AS url,
  s.name,
  extract_arg(s.arg_set_id, 'line_number') AS line_number,
  extract_arg(s.arg_set_id, 'column_number') AS column_number
FROM slice s
WHERE s.category = 'ProfileCall';

-- Trace events that run JS: those with a ProfileCall inside.
CREATE PERFETTO TABLE _web_js_runner AS
SELECT DISTINCT a.id
FROM _web_js_call c, ancestor_slice(c.id) a
WHERE a.category IS NOT 'ProfileCall';

-- The JS call each flattened interval's time belongs to (NULL: not JS).
-- INT: joined with _web_js_call.id (INT) through an index.
CREATE PERFETTO TABLE _web_js_self AS
SELECT
  CAST(CASE
    WHEN f.slice_id IN (SELECT id FROM _web_js_call) THEN f.slice_id
    WHEN f.slice_id IN (SELECT id FROM _web_js_runner)
      THEN (SELECT a.id FROM ancestor_slice(f.slice_id) a
            WHERE a.category = 'ProfileCall' ORDER BY a.depth DESC LIMIT 1)
  END AS INT) AS call_id,
  f.dur
FROM _slice_flattened f
WHERE f.track_id IN (SELECT DISTINCT track_id FROM slice WHERE category = 'ProfileCall');

CREATE PERFETTO TABLE _web_js_call_self AS
SELECT call_id, SUM(dur) AS self_ns
FROM _web_js_self
WHERE call_id IS NOT NULL
GROUP BY call_id;
CREATE PERFETTO INDEX _web_js_call_self_id ON _web_js_call_self(call_id);

CREATE PERFETTO TABLE _web_js_function AS
SELECT
  c.url, c.name, c.line_number, c.column_number,
  IFNULL(SUM(t.self_ns), 0) AS self_ns,
  COUNT(*) AS call_count
FROM _web_js_call c
LEFT JOIN _web_js_call_self t ON t.call_id = c.id
GROUP BY c.url, c.name, c.line_number, c.column_number;

CREATE PERFETTO FUNCTION _web_js_script(url STRING) RETURNS BYTES AS
SELECT WebJsByScriptMetric_Script(
  'url', $url,
  'self_ns', SUM(self_ns),
  'call_count', SUM(call_count),
  'function', (
    SELECT RepeatedField(
      WebJsByScriptMetric_Function(
        'name', name, 'line_number', line_number, 'column_number', column_number,
        'self_ns', self_ns, 'call_count', call_count)
      ORDER BY self_ns DESC, name, line_number, column_number)
    FROM _web_js_function WHERE url = $url))
FROM _web_js_function
WHERE url = $url;

CREATE PERFETTO VIEW web_js_by_script_output AS
SELECT WebJsByScriptMetric(
  'script', (
    SELECT RepeatedField(_web_js_script(url) ORDER BY self_ns DESC, url)
    FROM (SELECT url, SUM(self_ns) AS self_ns FROM _web_js_function GROUP BY url)))
WHERE EXISTS (SELECT 1 FROM _web_js_call);
