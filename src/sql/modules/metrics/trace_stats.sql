-- Metric trace_stats (TraceAnalysisStats): every stat of the `stats` table
-- that fired (value > 0), with its index, severity and source, sorted by
-- name and index.

CREATE PERFETTO VIEW trace_stats_output AS
SELECT TraceAnalysisStats(
  'stat', (
    SELECT RepeatedField(
      TraceAnalysisStats_Stat(
        'name', name,
        'idx', idx,
        'severity', 'SEVERITY_' || upper(severity),
        'source', 'SOURCE_' || upper(source),
        'count', value)
      ORDER BY name, idx)
    FROM stats
    WHERE value > 0));
