-- Metric android_cpu (AndroidCpuMetric): for each process, each of its
-- threads and each CPU a thread ran on: the time run (sched), the cycles
-- (time at each CPU frequency times that frequency, the `cpufreq` counters
-- of cpu_counter_track in kHz) and the CPU's minimum, maximum and
-- time-weighted average frequency while it ran. Threads without a process
-- are left out; cycles and frequencies are absent without cpufreq counters.

-- Each CPU frequency holds until the CPU's next one (or the trace's end).
CREATE PERFETTO TABLE _android_cpu_freq AS
SELECT
  c.ts,
  IFNULL(LEAD(c.ts) OVER (PARTITION BY t.cpu ORDER BY c.ts),
         (SELECT end_ts FROM trace_bounds)) - c.ts AS dur,
  t.cpu,
  CAST(c.value AS INT) AS freq_khz
FROM counter c
JOIN cpu_counter_track t ON c.track_id = t.id
WHERE t.name = 'cpufreq';

CREATE PERFETTO TABLE _android_cpu_sched AS
SELECT ts, dur, cpu, utid FROM sched WHERE utid != 0 AND dur > 0;

-- Time a thread ran on a CPU at each frequency (SPAN_JOIN merges the two
-- per-CPU timelines in one pass).
CREATE VIRTUAL TABLE _android_cpu_sched_freq
USING SPAN_JOIN(_android_cpu_sched PARTITIONED cpu, _android_cpu_freq PARTITIONED cpu);

CREATE PERFETTO TABLE _android_cpu_freq_overlap AS
SELECT utid, cpu, freq_khz, dur AS overlap_ns FROM _android_cpu_sched_freq;

-- Per thread and CPU: the time run, and over the part of it with a known
-- frequency: that time (freq_ns), sum of time x frequency (freq_ns_khz, in
-- ns.kHz = 1e-6 cycles; REAL, no integer overflow), min and max frequency.
CREATE PERFETTO TABLE _android_cpu_thread_cpu AS
SELECT
  r.utid,
  r.cpu,
  r.runtime_ns,
  f.freq_ns,
  f.freq_ns_khz,
  f.min_freq_khz,
  f.max_freq_khz
FROM (
  SELECT utid, cpu, SUM(dur) AS runtime_ns
  FROM _android_cpu_sched GROUP BY utid, cpu
) r
LEFT JOIN (
  SELECT
    utid,
    cpu,
    SUM(overlap_ns) AS freq_ns,
    SUM(CAST(overlap_ns AS REAL) * freq_khz) AS freq_ns_khz,
    MIN(freq_khz) AS min_freq_khz,
    MAX(freq_khz) AS max_freq_khz
  FROM _android_cpu_freq_overlap
  WHERE overlap_ns > 0
  GROUP BY utid, cpu
) f USING (utid, cpu);

-- The Metrics of some rows of _android_cpu_thread_cpu (a thread on a CPU, a
-- thread, a process): sums of the exact cycle products, so that a thread's
-- mcycles is not the sum of its CPUs' rounded ones.
CREATE PERFETTO MACRO _android_cpu_metrics(rows TableOrSubquery) RETURNS Expr AS
(SELECT AndroidCpuMetric_Metrics(
  'mcycles', CAST(SUM(freq_ns_khz) / 1e12 AS INT),
  'runtime_ns', SUM(runtime_ns),
  'min_freq_khz', MIN(min_freq_khz),
  'max_freq_khz', MAX(max_freq_khz),
  'avg_freq_khz', CAST(SUM(freq_ns_khz) / SUM(freq_ns) AS INT))
FROM $rows);

CREATE PERFETTO FUNCTION _android_cpu_thread(utid INT) RETURNS BYTES AS
SELECT AndroidCpuMetric_Thread(
  'name', (SELECT name FROM thread WHERE utid = $utid),
  'metrics', _android_cpu_metrics!(
    (SELECT * FROM _android_cpu_thread_cpu WHERE utid = $utid)),
  'core', (
    SELECT RepeatedField(
      AndroidCpuMetric_CoreData(
        'id', c.cpu,
        'metrics', _android_cpu_metrics!(
          (SELECT * FROM _android_cpu_thread_cpu WHERE utid = c.utid AND cpu = c.cpu)))
      ORDER BY c.cpu)
    FROM _android_cpu_thread_cpu c
    WHERE c.utid = $utid));

CREATE PERFETTO FUNCTION _android_cpu_process(upid INT) RETURNS BYTES AS
SELECT AndroidCpuMetric_Process(
  'name', (SELECT name FROM process WHERE upid = $upid),
  'metrics', _android_cpu_metrics!(
    (SELECT * FROM _android_cpu_thread_cpu JOIN thread USING (utid) WHERE upid = $upid)),
  'threads', (
    SELECT RepeatedField(_android_cpu_thread(utid) ORDER BY tid, utid)
    FROM thread
    WHERE upid = $upid AND utid IN (SELECT utid FROM _android_cpu_thread_cpu)));

CREATE PERFETTO VIEW android_cpu_output AS
SELECT AndroidCpuMetric(
  'process_info', (
    SELECT RepeatedField(_android_cpu_process(upid) ORDER BY pid, upid)
    FROM process
    WHERE upid IN (
      SELECT t.upid FROM thread t JOIN _android_cpu_thread_cpu c USING (utid))));
