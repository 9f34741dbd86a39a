-- Lines that are no event line, and events with unreadable fields, are
-- counted and skipped; the rest loads.
SELECT ts, dur, name FROM slice;
SELECT name, value FROM stats WHERE name LIKE 'systrace%' ORDER BY name;
SELECT count(*) AS sched FROM sched;
