-- Conversions between weft's timestamps / durations (nanoseconds) and other
-- units. Written for weft; the names follow Perfetto's so that queries
-- written for Perfetto run unchanged.

-- The nanoseconds given, as a timestamp (weft's time unit is the
-- nanosecond).
CREATE PERFETTO FUNCTION time_from_ns(
  -- Time duration in nanoseconds.
  nanos LONG)
-- Time duration in nanoseconds.
RETURNS TIMESTAMP AS SELECT $nanos;

-- The microseconds given, in nanoseconds.
CREATE PERFETTO FUNCTION time_from_us(
  -- Time duration in microseconds.
  micros LONG)
-- Time duration in nanoseconds.
RETURNS TIMESTAMP AS SELECT $micros * 1000;

-- The milliseconds given, in nanoseconds.
CREATE PERFETTO FUNCTION time_from_ms(
  -- Time duration in milliseconds.
  millis LONG)
-- Time duration in nanoseconds.
RETURNS TIMESTAMP AS SELECT $millis * 1000000;

-- The seconds given, in nanoseconds.
CREATE PERFETTO FUNCTION time_from_s(
  -- Time duration in seconds.
  seconds LONG)
-- Time duration in nanoseconds.
RETURNS TIMESTAMP AS SELECT $seconds * 1000000000;

-- A timestamp or duration in nanoseconds (unchanged).
CREATE PERFETTO FUNCTION time_to_ns(
  -- Time duration in nanoseconds.
  nanos LONG)
-- Time duration in nanoseconds.
RETURNS LONG AS SELECT $nanos;

-- A timestamp or duration in microseconds (integer division, as Perfetto).
CREATE PERFETTO FUNCTION time_to_us(
  -- Time duration in nanoseconds.
  nanos LONG)
-- Time duration in microseconds.
RETURNS LONG AS SELECT $nanos / 1000;

-- A timestamp or duration in milliseconds (integer division, as Perfetto).
CREATE PERFETTO FUNCTION time_to_ms(
  -- Time duration in nanoseconds.
  nanos LONG)
-- Time duration in milliseconds.
RETURNS LONG AS SELECT $nanos / 1000000;

-- A timestamp or duration in seconds (integer division, as Perfetto).
CREATE PERFETTO FUNCTION time_to_s(
  -- Time duration in nanoseconds.
  nanos LONG)
-- Time duration in seconds.
RETURNS LONG AS SELECT $nanos / 1000000000;
