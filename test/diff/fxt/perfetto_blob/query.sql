-- Blob records of type 3 hold Perfetto TracePackets, a stream the blobs
-- append to (here cut in the middle of a packet): weft imports them with
-- the protobuf importer into the same tables, so the slice of the FXT
-- events and the slice of the TrackEvents land on the same thread (5, 7).
-- The packets are imported before the FXT records, not merged with them in
-- time: slices of the two formats must not nest across formats.
select s.ts, s.dur, s.name, t.tid, t.name as thread_name, s.depth
from slice s join thread_track tr on s.track_id = tr.id join thread t using (utid)
order by s.ts;

select name, value from stats where name like 'fuchsia_perfetto%' order by name;

select count(*) as blob_rows from fuchsia_blob;
