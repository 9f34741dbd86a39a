-- cpu_frequency_limits of older kernels (min= / max=) and newer ones
-- (min_freq= / max_freq=) make the same counters.
SELECT c.ts, c.value, t.name FROM counter c JOIN cpu_counter_track t ON c.track_id = t.id
ORDER BY c.ts, t.name;
