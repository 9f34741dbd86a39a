-- One row per recording problem of the TraceConfig, with Perfetto's keys.
SELECT key, title, round(confidence, 2) AS confidence
FROM __intrinsic_trace_diagnostics ORDER BY key;
