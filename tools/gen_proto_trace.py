#!/usr/bin/env python3
"""Writes a deterministic synthetic Perfetto TrackEvent trace for benchmarks.

  tools/gen_proto_trace.py OUT.pb SIZE_MB [FLUSH_EVERY_BYTES]

8 sequences (one thread each, with TrackDescriptors, of one process), each
with interned event names, categories and debug annotation names (re-sent
with new iids every few thousand events, as tracers do after a state
clear, and a new name now and then in between), writing nested begin/end slices with debug annotations (int,
interned string, inline string, nested dict), instants and, on 2 counter
tracks, counter values. Sequences are interleaved in chunks so the importer
has to sort. Like a write_into_file trace, the tracing service's sequence
(id 1) writes an "all data sources flushed" and a "read tracing buffers
completed" event every FLUSH_EVERY bytes, so a reader can sort in windows
(weft --full-sort ignores them; tests pass a small FLUSH_EVERY_BYTES for
many windows). Prints "wrote PATH: BYTES bytes, EVENTS
events" on stderr.
Pure Python with its own minimal protobuf writer (no protobuf package).
"""

import random
import sys

SEQUENCES = 8
NAMES = 64
CATEGORIES = 16
ANNOTATION_NAMES = 24
RESEND_EVERY = 4096   # events per sequence between interned-data re-sends
CHUNK = 64            # events per sequence before switching sequence
LATE_NAME_EVERY = 1024  # events per sequence between names interned late
FLUSH_EVERY = 2 << 20  # bytes between service flush / read-buffer events
SERVICE_SEQ = 1       # Perfetto's trusted_packet_sequence_id for the service

_VARINT_CACHE = []


def varint(v):
  if v < len(_VARINT_CACHE):
    return _VARINT_CACHE[v]
  out = bytearray()
  while v >= 0x80:
    out.append((v & 0x7f) | 0x80)
    v >>= 7
  out.append(v)
  return bytes(out)


# The small values (field keys, iids, lengths) are encoded once.
_VARINT_CACHE = [varint(v) for v in range(1 << 16)]


def key(field, wire):
  return varint((field << 3) | wire)


def f_varint(field, v):
  if v < 0:
    v += 1 << 64
  return key(field, 0) + varint(v)


def f_bytes(field, data):
  if isinstance(data, str):
    data = data.encode()
  return key(field, 2) + varint(len(data)) + data


def packet(body):
  return f_bytes(1, body)   # Trace.packet


# TracePacket fields.
TS, SEQ_ID, TRACK_EVENT, INTERNED, SEQ_FLAGS, CLEARED, DEFAULTS, TRACK_DESC = (
    8, 10, 11, 12, 13, 41, 59, 60)
SERVICE_EVENT = 69
# TracingServiceEvent fields.
ALL_DATA_SOURCES_FLUSHED, READ_TRACING_BUFFERS_COMPLETED = 3, 4


def interned_data(generation):
  body = bytearray()
  for i in range(NAMES):
    body += f_bytes(2, f_varint(1, i + 1) + f_bytes(2, 'Event%d_g%d' % (i, generation % 3)))
  for i in range(CATEGORIES):
    body += f_bytes(1, f_varint(1, i + 1) + f_bytes(2, 'cat%d' % i))
  for i in range(ANNOTATION_NAMES):
    body += f_bytes(3, f_varint(1, i + 1) + f_bytes(2, 'arg%d' % i))
  for i in range(8):
    body += f_bytes(29, f_varint(1, i + 1) + f_bytes(2, 'value%d' % i))
  return bytes(body)


def annotation_int(name_iid, v):
  return f_bytes(4, f_varint(1, name_iid) + f_varint(4, v))


def annotation_interned_str(name_iid, iid):
  return f_bytes(4, f_varint(1, name_iid) + f_varint(17, iid))


def annotation_str(name_iid, s):
  return f_bytes(4, f_varint(1, name_iid) + f_bytes(6, s))


def annotation_dict(name_iid, a, b):
  return f_bytes(4, f_varint(1, name_iid) +
                 f_bytes(11, f_bytes(10, 'x') + f_varint(4, a)) +
                 f_bytes(11, f_bytes(10, 'y') + f_varint(3, b)))


def main():
  if len(sys.argv) not in (3, 4):
    sys.stderr.write(__doc__)
    return 2
  path, size_mb = sys.argv[1], float(sys.argv[2])
  flush_every = int(sys.argv[3]) if len(sys.argv) == 4 else FLUSH_EVERY
  target = int(size_mb * 1e6)
  rng = random.Random(1234)
  out = open(path, 'wb', buffering=1 << 22)
  written = 0
  events = 0

  def emit(body):
    nonlocal written
    data = packet(body)
    out.write(data)
    written += len(data)

  # Process and thread / counter track descriptors (sequence 1000).
  emit(f_varint(TS, 0) + f_varint(SEQ_ID, 1000) +
       f_bytes(TRACK_DESC, f_varint(1, 1) + f_bytes(3, f_varint(1, 42) + f_bytes(6, 'bench'))))
  for c in range(2):
    emit(f_varint(TS, 0) + f_varint(SEQ_ID, 1000) +
         f_bytes(TRACK_DESC, f_varint(1, 100 + c) + f_bytes(2, 'counter%d' % c) +
                 f_varint(5, 1) + f_bytes(8, b'')))
  seqs = []
  for s in range(SEQUENCES):
    seqs.append(dict(id=s + 2, uuid=1000 + s, ts=1000 + s * 7, depth=0, n=0,
                     generation=0))
    emit(f_varint(TS, 0) + f_varint(SEQ_ID, s + 2) +
         f_bytes(TRACK_DESC, f_varint(1, 1000 + s) + f_varint(5, 1) +
                 f_bytes(4, f_varint(1, 42) + f_varint(2, 100 + s) +
                         f_bytes(5, 'worker%d' % s))))

  te_type = {t: f_varint(9, t) for t in (1, 2, 3, 4)}
  next_flush = flush_every
  while written < target:
    if written >= next_flush:
      next_flush += flush_every
      now = max(seq['ts'] for seq in seqs)
      for field in (ALL_DATA_SOURCES_FLUSHED, READ_TRACING_BUFFERS_COMPLETED):
        emit(f_varint(TS, now) + f_varint(SEQ_ID, SERVICE_SEQ) +
             f_bytes(SERVICE_EVENT, f_varint(field, 1)))
    for seq in seqs:
      for _ in range(CHUNK):
        body = bytearray()
        if seq['n'] % RESEND_EVERY == 0 and seq['depth'] > 0:
          # Close the open slices before the state is cleared.
          ev = te_type[2]
          seq['depth'] -= 1
          seq['ts'] += rng.randint(1, 2000)
          emit(f_varint(TS, seq['ts']) + f_varint(SEQ_ID, seq['id']) +
               f_varint(SEQ_FLAGS, 2) + f_bytes(TRACK_EVENT, ev))
          events += 1
          continue
        if seq['n'] % RESEND_EVERY == 0:
          # Fresh incremental state: interned data and defaults.
          seq['generation'] += 1
          body += f_varint(CLEARED, 1)
          body += f_bytes(INTERNED, interned_data(seq['generation']))
          body += f_bytes(DEFAULTS, f_bytes(11, f_varint(11, seq['uuid'])))
        seq['ts'] += rng.randint(1, 2000)
        body += f_varint(TS, seq['ts']) + f_varint(SEQ_ID, seq['id'])
        body += f_varint(SEQ_FLAGS, 2)
        r = rng.random()
        n = seq['n']
        if r < 0.04:
          ev = (te_type[4] + f_varint(11, 100 + n % 2) + f_varint(30, rng.randint(0, 1 << 20)))
        elif seq['depth'] > 0 and (r < 0.45 or seq['depth'] >= 6):
          ev = te_type[2]
          seq['depth'] -= 1
        elif r < 0.55:
          ev = (te_type[3] + f_varint(3, rng.randint(1, CATEGORIES)) +
                f_varint(10, rng.randint(1, NAMES)) +
                annotation_int(rng.randint(1, ANNOTATION_NAMES), rng.randint(0, 100000)))
        else:
          ev = bytearray(te_type[1])
          ev += f_varint(3, rng.randint(1, CATEGORIES))
          name_iid = rng.randint(1, NAMES)
          if n % LATE_NAME_EVERY == LATE_NAME_EVERY // 2:
            # A name interned mid-generation (no state clear), as tracers
            # intern new names when they first use them.
            k = (n // LATE_NAME_EVERY) % 16
            name_iid = NAMES + 1 + k
            body += f_bytes(INTERNED, f_bytes(2, f_varint(1, name_iid) +
                                              f_bytes(2, 'LateEvent%d' % k)))
          ev += f_varint(10, name_iid)
          k = rng.random()
          ev += annotation_int(1 + n % ANNOTATION_NAMES, rng.randint(0, 1 << 30))
          if k < 0.5:
            ev += annotation_interned_str(2, rng.randint(1, 8))
          elif k < 0.8:
            ev += annotation_str(3, 'str%d' % rng.randint(0, 999))
          else:
            ev += annotation_dict(4, rng.randint(0, 999), rng.randint(0, 999))
          seq['depth'] += 1
        body += f_bytes(TRACK_EVENT, bytes(ev))
        emit(bytes(body))
        seq['n'] += 1
        events += 1
  out.close()
  sys.stderr.write('wrote %s: %d bytes, %d events\n' % (path, written, events))
  return 0


if __name__ == '__main__':
  sys.exit(main())
