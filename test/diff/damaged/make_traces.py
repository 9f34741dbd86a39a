#!/usr/bin/env python3
"""Writes the traces of the damaged-trace diff tests (test/diff/damaged/*):
intact traces cut short or corrupted at chosen bytes, in every format.

  test/diff/damaged/make_traces.py

Each case folder gets its trace.* (committed; rerun after editing this
file). FXT cases are described as trace.fxt.json in their folders (the
encoder's "truncate_bytes" / "size_words" express the damage), so they are
not written here. See docs/damaged_traces.md for what weft does with them.
"""

import gzip
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'tools'))
from gen_proto_trace import f_bytes, f_varint, packet  # noqa: E402


# Every case asks the same: what loaded, and what the load says about the
# damage.
QUERY = """\
SELECT ts, dur, depth, name FROM slice ORDER BY ts, name;

SELECT name, severity, value FROM stats
WHERE value > 0 AND severity != 'info' ORDER BY name;

SELECT severity, name, byte_offset, extract_arg(arg_set_id, 'reason') AS reason
FROM _trace_import_logs ORDER BY id;

SELECT name, str_value, int_value FROM metadata
WHERE name GLOB 'json_metadata.*' ORDER BY name;
"""


def write(case, name, data):
  folder = os.path.join(HERE, case)
  os.makedirs(folder, exist_ok=True)
  with open(os.path.join(folder, name), 'wb') as f:
    f.write(data)
  with open(os.path.join(folder, 'query.sql'), 'w') as f:
    f.write(QUERY)


# ---------------------------------------------------------------- JSON

def event(ph, name, ts, dur=None):
  dur_field = '' if dur is None else ', "dur": %d' % dur
  return ('{"ph": "%s", "name": "%s", "ts": %d%s, "pid": 1, "tid": 1}'
          % (ph, name, ts, dur_field))


JSON_EVENTS = [event('X', 'done', 1, 2), event('B', 'open', 10),
               event('X', 'inner', 11, 1), event('X', 'last', 20, 1)]
JSON_TRACE = ('{"traceEvents": [\n' + ',\n'.join(JSON_EVENTS) +
              '\n],\n"metadata": {"source": "weft", "version": 2}}\n')


def cut_at(text, marker, extra=0):
  """The text up to |marker| (exclusive) plus |extra| more bytes."""
  return text[:text.index(marker) + extra].encode()


def json_cases():
  # Inside an event: "last" is cut after its "ts" key.
  write('json_truncated_in_event', 'trace.json', cut_at(JSON_TRACE, '"name": "last"', 16))
  # Inside a string: the name of "last" is cut.
  write('json_truncated_in_string', 'trace.json', cut_at(JSON_TRACE, '"name": "last"', 12))
  # Between events, right after a ',' of the traceEvents array.
  write('json_truncated_in_array', 'trace.json', cut_at(JSON_TRACE, '{"ph": "X", "name": "last"'))
  # Inside the metadata object, after the events array was closed.
  write('json_truncated_in_metadata', 'trace.json', cut_at(JSON_TRACE, '"version"', 4))
  # A bad event in the middle: skipped, the events after it are read.
  bad = JSON_TRACE.replace('"ts": 11,', '"ts": ,')
  write('json_corrupt_event', 'trace.json', bad.encode())
  # Something that is not an event object in the array.
  write('json_corrupt_not_an_object', 'trace.json',
        JSON_TRACE.replace(event('X', 'inner', 11, 1), '12 garbage').encode())
  # gzip: the deflate stream cut inside, and a stream without its trailer.
  gz = gzip.compress(JSON_TRACE.encode(), mtime=0)
  write('json_gzip_cut_stream', 'trace.json.gz', gz[:len(gz) * 2 // 3])
  write('json_gzip_no_trailer', 'trace.json.gz', gz[:-8])
  # zip: an entry cut short, and an archive without its central directory.
  write('json_zip_cut_entry', 'trace.zip', zip_local_entry(JSON_TRACE.encode())[:-40])
  write('json_zip_no_central_directory', 'trace.zip', zip_local_entry(JSON_TRACE.encode()))


def zip_local_entry(data, name=b'trace.json'):
  """One stored (method 0) local file entry, no central directory."""
  header = struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, 0, 0,
                       zlib.crc32(data), len(data), len(data), len(name), 0)
  return header + name + data


# ------------------------------------------------------------ protobuf

# TracePacket: timestamp 8, trusted_packet_sequence_id 10, track_event 11,
# track_descriptor 60. TrackEvent: type 9 (1 begin, 2 end, 3 instant),
# track_uuid 11, name 23. TrackDescriptor: uuid 1, name 2.
def track_packet():
  return packet(f_bytes(60, f_varint(1, 7) + f_bytes(2, 'track')))


def te_packet(ts, kind, name=None):
  body = f_varint(9, kind) + f_varint(11, 7)
  if name:
    body += f_bytes(23, name)
  return packet(f_varint(8, ts) + f_varint(10, 1) + f_bytes(11, body))


def proto_cases():
  before = (track_packet() + te_packet(100, 1, 'done') + te_packet(200, 2) +
            te_packet(300, 1, 'open') + te_packet(350, 3, 'mark'))
  last = te_packet(400, 1, 'lost_begin_with_a_long_name')
  # Cut inside the last packet's TrackEvent (a nested message): its name.
  write('proto_truncated_in_nested', 'trace.pb', before + last[:-5])
  # Cut inside the last packet's header (its length varint is there, the
  # body is not).
  write('proto_truncated_in_packet', 'trace.pb', before + last[:3])
  # A packet whose body is not protobuf: skipped and counted.
  write('proto_corrupt_packet', 'trace.pb',
        before + packet(b'\xff\xff\xff') + te_packet(500, 1, 'after'))
  # Framing broken mid-file (wire type 7 where a packet header belongs):
  # nothing after it can be framed; what precedes stands.
  write('proto_corrupt_framing', 'trace.pb', before + b'\x0f\xee\xdd' + last)
  # Only a broken packet: not a trace at all.
  write('proto_nothing_readable', 'trace.pb', packet(b'\xff\xff') + b'\x0f\xee')


def fxt_cases():
  # Described as trace.fxt.json (encoded at test time): only the query.
  for case in ('fxt_truncated_in_record', 'fxt_truncated_in_header', 'fxt_corrupt_size_zero'):
    with open(os.path.join(HERE, case, 'query.sql'), 'w') as f:
      f.write(QUERY)


def main():
  json_cases()
  proto_cases()
  fxt_cases()


if __name__ == '__main__':
  main()
