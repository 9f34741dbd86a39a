-- Metric trace_metadata (TraceMetadata): facts about the whole trace from
-- the `metadata` table, its duration (trace_bounds) and the span of its
-- scheduling data (first sched slice's start to the last one's end).

-- A string value of `metadata`.
CREATE PERFETTO FUNCTION _trace_metadata_str(key STRING) RETURNS STRING AS
SELECT str_value FROM metadata WHERE name = $key LIMIT 1;

CREATE PERFETTO FUNCTION _trace_metadata_int(key STRING) RETURNS LONG AS
SELECT int_value FROM metadata WHERE name = $key LIMIT 1;

CREATE PERFETTO VIEW trace_metadata_output AS
SELECT TraceMetadata(
  'trace_duration_ns', (SELECT end_ts - start_ts FROM trace_bounds),
  'trace_uuid', _trace_metadata_str('trace_uuid'),
  'android_build_fingerprint', _trace_metadata_str('android_build_fingerprint'),
  'statsd_triggering_subscription_id',
    _trace_metadata_int('statsd_triggering_subscription_id'),
  'trace_size_bytes', _trace_metadata_int('trace_size_bytes'),
  'trace_trigger', (
    SELECT RepeatedField(str_value ORDER BY id)
    FROM metadata WHERE name = 'trace_trigger'),
  'unique_session_name', _trace_metadata_str('unique_session_name'),
  'trace_config_pbtxt', _trace_metadata_str('trace_config_pbtxt'),
  'sched_duration_ns', (SELECT max(ts + dur) - min(ts) FROM sched WHERE dur >= 0));
