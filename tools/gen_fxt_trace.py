#!/usr/bin/env python3
"""Writes a large Fuchsia trace (FXT) for the ingest benchmark.

  tools/gen_fxt_trace.py OUT.fxt [SIZE_MB]     (default 200)

Deterministic. Four providers (each with its provider info record, string
and thread tables); rounds of, per provider, a duration begin (two args) /
end pair and an instant on its 8 threads, a counter; and kernel scheduling
records on 8 CPUs: a context switch (current layout, weight args) and a
thread wakeup per round and CPU, a legacy context switch every 8th round,
and a log record every 16th. Prints "wrote PATH: N bytes, M events" on
stderr (events: every event, scheduling and log record).
"""

import array
import sys

MAGIC = 0x0016547846040010
PROVIDERS = 4
THREADS = 8      # per provider
CPUS = 8
STRINGS = [b'cat', b'Frame', b'Draw', b'Layout', b'arg_a', b'arg_b', b'Tick',
           b'value', b'incoming_weight', b'outgoing_weight', b'weight']
S = {s: i for i, s in enumerate(STRINGS, 1)}


def stream(data):
  """Bytes as zero-padded little-endian words."""
  data += b'\0' * (-len(data) % 8)
  return [int.from_bytes(data[i:i + 8], 'little') for i in range(0, len(data), 8)]


def header(record_type, words, bits):
  return record_type | words << 4 | bits


def provider_preamble(out, p):
  name = b'provider%d' % p
  words = stream(name)
  out += array.array('Q', [header(0, 1 + len(words), 1 << 16 | p << 20 | len(name) << 52)] + words)
  for index, s in enumerate(STRINGS, 1):
    words = stream(s)
    out += array.array('Q', [header(2, 1 + len(words), index << 16 | len(s) << 32)] + words)
  for t in range(1, THREADS + 1):
    out += array.array('Q', [header(3, 3, t << 16), tid_pid(p, t)[1], tid_pid(p, t)[0]])


def tid_pid(p, t):
  """(tid, pid) koids of thread |t| of provider |p|: two processes each."""
  return 1000 * p + t, 100 * p + t % 2


def event(ev_type, nargs, thread, cat, name, words):
  bits = ev_type << 16 | nargs << 20 | thread << 24 | cat << 32 | name << 48
  return [header(4, 1 + len(words), bits)] + words


def int32_arg(name, value):
  return 1 | 1 << 4 | name << 16 | (value & 0xffffffff) << 32


def provider_round(i, ts):
  w = []
  thread = 1 + i % THREADS
  name = S[b'Frame'] + i % 3
  w += event(2, 2, thread, S[b'cat'], name,
             [ts, int32_arg(S[b'arg_a'], i & 0xffff), 3 | 2 << 4 | S[b'arg_b'] << 16, i])
  w += event(0, 0, thread, S[b'cat'], S[b'Tick'], [ts + 100])
  w += event(3, 0, thread, S[b'cat'], name, [ts + 500])
  if i % 4 == 0:
    w += event(1, 1, thread, S[b'cat'], S[b'value'],
               [ts + 200, int32_arg(S[b'value'], i % 100), 1])
  return w


def sched_round(i, ts):
  w = []
  for cpu in range(CPUS):
    out_tid, _ = tid_pid(1 + cpu % PROVIDERS, 1 + (i + cpu) % THREADS)
    in_tid, _ = tid_pid(1 + cpu % PROVIDERS, 1 + (i + cpu + 1) % THREADS)
    t = ts + 10 * cpu
    if i % 8 == 0:  # legacy layout, inline threads
      out_pid = tid_pid(1 + cpu % PROVIDERS, 1 + (i + cpu) % THREADS)[1]
      in_pid = tid_pid(1 + cpu % PROVIDERS, 1 + (i + cpu + 1) % THREADS)[1]
      bits = cpu << 16 | 3 << 24 | 20 << 44 | 20 << 52
      w += [header(8, 6, bits), t, out_pid, out_tid, in_pid, in_tid]
      continue
    bits = 2 << 16 | cpu << 20 | 3 << 36 | 1 << 60
    w += [header(8, 6, bits), t, out_tid, in_tid,
          int32_arg(S[b'outgoing_weight'], 65536), int32_arg(S[b'incoming_weight'], 65536)]
    bits = 1 << 16 | cpu << 20 | 2 << 60
    w += [header(8, 4, bits), t + 5, out_tid, int32_arg(S[b'weight'], 65536)]
  return w, CPUS if i % 8 == 0 else 2 * CPUS


def log_record(ts, i):
  msg = b'log message number %08d' % i
  words = stream(msg)
  return [header(9, 2 + len(words), len(msg) << 16 | 1 << 32), ts] + words


def main():
  if len(sys.argv) not in (2, 3):
    sys.stderr.write(__doc__)
    return 2
  path = sys.argv[1]
  target = int(sys.argv[2] if len(sys.argv) == 3 else 200) * 1000 * 1000
  size = events = 0
  with open(path, 'wb') as f:
    out = array.array('Q', [MAGIC])
    for p in range(1, PROVIDERS + 1):
      provider_preamble(out, p)
    i = 0
    while size + len(out) * 8 < target:
      ts = 1000 * (i + 1)
      for p in range(1, PROVIDERS + 1):
        out += array.array('Q', [header(0, 1, 2 << 16 | p << 20)])  # provider section
        words = provider_round(i, ts)
        out += array.array('Q', words)
        events += 3 + (i % 4 == 0)
        if i % 16 == 0:
          out += array.array('Q', log_record(ts + 300, i))
          events += 1
      words, n = sched_round(i, ts)
      out += array.array('Q', words)
      events += n
      i += 1
      if len(out) >= 1 << 20:
        f.write(out.tobytes())
        size += len(out) * 8
        out = array.array('Q')
    f.write(out.tobytes())
    size += len(out) * 8
  sys.stderr.write('wrote %s: %d bytes, %d events\n' % (path, size, events))
  return 0


if __name__ == '__main__':
  sys.exit(main())
