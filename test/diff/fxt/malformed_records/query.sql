-- Malformed records are skipped and counted; the records around them are
-- imported. An unregistered string or thread index is kept with a
-- placeholder (counted). Skipped: an inline string or
-- argument past the end of its record, a missing correlation id, unknown
-- record / metadata / event types, timestamps
-- past int64 ns, a complete event ending before it begins, a non-koid
-- "process" arg, a tick rate of 0. Index 0 string / thread records are
-- ignored, as the format says.
select ts, dur, name from slice order by ts;

select name, value from stats where value > 0 order by name;
