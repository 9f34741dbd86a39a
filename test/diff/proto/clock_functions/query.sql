select ts, clock_id, clock_name, clock_value, snapshot_id from clock_snapshot order by id;
select to_realtime(5) as r5, to_realtime(15) as r15, to_realtime(25) as r25, to_realtime(40) as r40,
  to_monotonic(30) as m30, to_monotonic(32) as m32, to_monotonic(50) as m50, to_monotonic(null) as m_null;
select abs_time_str(15) as a15, abs_time_str(40) as a40;
select to_timecode(0) as t0, to_timecode(3599123456789) as t1, to_timecode(90061001002003) as t2;
select ts, name from slice order by ts;
select name, value from stats where name in ('clock_sync_failure', 'invalid_clock_snapshots') order by name;
