-- Numbers out of int64's range (or a negative duration) load without
-- undefined behaviour: the UBSan fuzzer found both casts.
SELECT name, ts, dur FROM slice ORDER BY ts, name;
SELECT key, real_value, value_type FROM args WHERE key GLOB 'args.*' ORDER BY key;
SELECT name, value FROM stats WHERE value > 0 ORDER BY name;
