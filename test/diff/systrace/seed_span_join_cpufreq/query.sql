-- Seed 001's span join example (sched x CPU frequency), with the frequency
-- read from the CPU counter tracks.
CREATE VIEW sp_sched AS
SELECT ts, dur, cpu, utid
FROM sched;

CREATE VIEW sp_frequency AS
SELECT
  ts,
  lead(ts) OVER (PARTITION BY cpu ORDER BY ts) - ts as dur,
  cpu,
  value as freq
FROM counter JOIN cpu_counter_track t ON t.id = counter.track_id
WHERE t.name = 'cpufreq';

CREATE VIRTUAL TABLE sched_with_frequency
USING SPAN_JOIN(sp_sched PARTITIONED cpu, sp_frequency PARTITIONED cpu);

SELECT ts, dur, cpu, utid, freq
FROM sched_with_frequency
ORDER BY cpu, ts;
