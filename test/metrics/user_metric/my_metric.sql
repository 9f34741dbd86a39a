-- A user's metric: slice counts, overall and per name.
INCLUDE PERFETTO MODULE time.conversion;

CREATE PERFETTO VIEW my_metric_output AS
SELECT MyMetric(
  'slice_count', (SELECT COUNT(*) FROM slice),
  'by_name', (
    SELECT RepeatedField(MyMetric_Named('name', name, 'count', n) ORDER BY name)
    FROM (SELECT name, COUNT(*) AS n FROM slice GROUP BY name)));
