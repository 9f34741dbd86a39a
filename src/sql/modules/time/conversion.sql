-- Conversions between weft's timestamps / durations (nanoseconds) and other
-- units. Written for weft; the names follow Perfetto's so that queries
-- written for Perfetto run unchanged.

-- Nanoseconds as a timestamp (weft's timestamps are nanoseconds).
CREATE PERFETTO FUNCTION time_from_ns(nanos LONG) RETURNS TIMESTAMP AS SELECT $nanos;
CREATE PERFETTO FUNCTION time_from_us(micros LONG) RETURNS TIMESTAMP AS SELECT $micros * 1000;
CREATE PERFETTO FUNCTION time_from_ms(millis LONG) RETURNS TIMESTAMP AS SELECT $millis * 1000000;
CREATE PERFETTO FUNCTION time_from_s(seconds LONG) RETURNS TIMESTAMP
AS SELECT $seconds * 1000000000;

-- A timestamp or duration in other units (integer division, as Perfetto).
CREATE PERFETTO FUNCTION time_to_ns(nanos LONG) RETURNS LONG AS SELECT $nanos;
CREATE PERFETTO FUNCTION time_to_us(nanos LONG) RETURNS LONG AS SELECT $nanos / 1000;
CREATE PERFETTO FUNCTION time_to_ms(nanos LONG) RETURNS LONG AS SELECT $nanos / 1000000;
CREATE PERFETTO FUNCTION time_to_s(nanos LONG) RETURNS LONG AS SELECT $nanos / 1000000000;
