-- Blob records (other than Perfetto packets) and large blob records (with
-- and without metadata) are rows of fuchsia_blob: size, type, the first
-- bytes as hex; a large blob's metadata gives ts, thread, category and
-- args. Userspace object records are rows of fuchsia_userspace_object
-- (process, pointer, name, args). Undefined metadata / trace info /
-- provider event / large record types and large blob formats count as
-- fuchsia_unknown_record. A provider event "buffer full" (event 0) counts
-- in fuchsia_buffer_overflow (data_loss) and names the provider in
-- _trace_import_logs. fuchsia_category lists each provider's categories.
select ts, name from slice order by ts;

select b.record, b.ts, t.tid, b.category, b.name, b.blob_type, b.size, b.data,
  extract_arg(b.arg_set_id, 'a') as a
from fuchsia_blob b left join thread t using (utid) order by b.id;

select p.pid, o.pointer, o.name, extract_arg(o.arg_set_id, 'size') as size
from fuchsia_userspace_object o join process p using (upid);

select provider_id, provider_name, name from fuchsia_category order by id;

select name, severity, value from stats
where name like 'fuchsia%' and value > 0 order by name;

select l.severity, l.name, l.byte_offset is not null as has_offset,
  extract_arg(l.arg_set_id, 'provider_id') as provider_id,
  extract_arg(l.arg_set_id, 'provider_name') as provider_name
from _trace_import_logs l order by l.id;
