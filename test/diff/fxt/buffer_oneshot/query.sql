-- A oneshot buffer: once a provider's buffer is full its later records are
-- dropped, so slices stay open (dur -1); the provider event records it
-- wrote say so: fuchsia_buffer_overflow counts them, and
-- _trace_import_logs names each provider.
select ts, dur, name from slice order by ts;

select name, severity, value from stats where name = 'fuchsia_buffer_overflow';

select extract_arg(arg_set_id, 'provider_id') as provider_id,
  extract_arg(arg_set_id, 'provider_name') as provider_name
from _trace_import_logs order by id;
