-- Metric android_cpu (AndroidCpuMetric): for each process, thread and CPU
-- the thread ran on: its time there (sched) and the CPU's minimum, maximum
-- and time-weighted average frequency while it ran (the `cpufreq` counters
-- of cpu_counter_track, in kHz). Threads without a process are left out;
-- frequencies are absent when the trace has no cpufreq counters.

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

CREATE PERFETTO TABLE _android_cpu_thread_cpu AS
SELECT
  r.utid,
  r.cpu,
  r.duration_ns,
  f.min_freq_khz,
  f.max_freq_khz,
  f.avg_freq_khz
FROM (
  SELECT utid, cpu, SUM(dur) AS duration_ns
  FROM _android_cpu_sched GROUP BY utid, cpu
) r
LEFT JOIN (
  SELECT
    utid,
    cpu,
    MIN(freq_khz) AS min_freq_khz,
    MAX(freq_khz) AS max_freq_khz,
    CAST(SUM(freq_khz * overlap_ns) / SUM(overlap_ns) AS INT) AS avg_freq_khz
  FROM _android_cpu_freq_overlap
  WHERE overlap_ns > 0
  GROUP BY utid, cpu
) f USING (utid, cpu);

CREATE PERFETTO FUNCTION _android_cpu_thread(utid INT) RETURNS BYTES AS
SELECT AndroidCpuMetric_Thread(
  'name', (SELECT name FROM thread WHERE utid = $utid),
  'cpu', (
    SELECT RepeatedField(
      AndroidCpuMetric_CpuFrequencyData(
        'id', cpu,
        'min_freq_khz', min_freq_khz,
        'max_freq_khz', max_freq_khz,
        'avg_freq_khz', avg_freq_khz,
        'duration_ns', duration_ns)
      ORDER BY cpu)
    FROM _android_cpu_thread_cpu
    WHERE utid = $utid));

CREATE PERFETTO FUNCTION _android_cpu_process(upid INT) RETURNS BYTES AS
SELECT AndroidCpuMetric_Process(
  'name', (SELECT name FROM process WHERE upid = $upid),
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
