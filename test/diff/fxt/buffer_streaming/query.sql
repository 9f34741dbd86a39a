-- A streaming buffer: its halves are saved in turn, so a later half can
-- come first in the file and timestamps jump back between them
-- (fuchsia_timestamp_jump_back, per provider); records are imported in
-- timestamp order whatever their place, and records dropped while the
-- saver was late show as a buffer overflow (fuchsia_buffer_overflow).
select ts, dur, name from slice order by ts;

select ts, dur, cpu from sched order by ts;

select name, value from stats
where name in ('fuchsia_timestamp_jump_back', 'fuchsia_buffer_overflow') order by name;
