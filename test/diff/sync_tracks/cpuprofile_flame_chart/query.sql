-- A bare .cpuprofile's calls as DevTools' CPU profile flame chart draws
-- them: (program), (idle) and (garbage collector) are calls, GC on top of
-- the previous stack, a (root) sample ends every frame, the last frames end
-- one average interval after the last sample.
SELECT s.ts, s.dur, s.depth, s.name, extract_arg(s.arg_set_id, 'node_id') AS node,
  extract_arg(s.arg_set_id, 'sample_count') AS samples
FROM slice s
WHERE s.category = 'ProfileCall'
ORDER BY s.ts, s.depth;
