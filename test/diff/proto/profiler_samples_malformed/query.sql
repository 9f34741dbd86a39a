-- Malformed sampling-profiler packets (trace.pb, make_trace.py): a
-- truncated PerfSample and a StackSample with a truncated inline frame are
-- dropped whole and counted; the valid sample after them loads.
SELECT count(*) AS perf_samples FROM perf_sample;
SELECT s.ts, f.name FROM stack_sample s JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id;
SELECT count(*) AS sessions FROM __intrinsic_profiler_session;
SELECT name, value FROM stats WHERE name = 'proto_malformed_packet';
