#!/usr/bin/env python3
"""Writes deterministic synthetic kernel scheduling traces for benchmarks.

  tools/gen_ftrace_trace.py FORMAT OUT SIZE_MB

FORMAT is one of
  proto    Perfetto protobuf: FtraceEventBundles of sched_switch,
           sched_waking, cpu_frequency and print (atrace B/E) events
  compact  the same, with switches and wakings in compact_sched columns
  text     ftrace text (`trace` output with the TGID column) of the same
           events
8 CPUs and 64 threads in 8 processes; each CPU runs a thread for a while,
wakes another, switches; now and then a frequency change or an atrace
begin / end pair. Prints "wrote PATH: BYTES bytes, EVENTS events" on stderr.
Pure Python; the protobuf writer is tools/gen_proto_trace.py's.
"""

import random
import sys

from gen_proto_trace import f_bytes, f_varint, varint, key

CPUS = 8
THREADS = 64
BUNDLE_EVENTS = 512  # events per bundle (per cpu, then the next cpu)


class Model:
  """The events of all CPUs, in the order the generator emits them."""

  def __init__(self):
    self.rng = random.Random(42)
    self.ts = [1_000_000_000 + c * 1000 for c in range(CPUS)]
    self.running = [1000 + c for c in range(CPUS)]
    self.open_slice = [False] * CPUS

  def comm(self, tid):
    return f'thread-{tid % 97}' if tid else f'swapper/{tid}'

  def next_events(self, cpu):
    """A few events of |cpu|: (kind, ts, fields)."""
    rng = self.rng
    out = []
    self.ts[cpu] += rng.randint(2_000, 200_000)
    cur = self.running[cpu]
    r = rng.random()
    if r < 0.1:
      out.append(('freq', self.ts[cpu], dict(state=rng.choice((300000, 1200000, 2400000)),
                                              cpu_id=cpu)))
    elif r < 0.3:
      tgid = 1000 + (cur - 1000) // 8 * 8
      if self.open_slice[cpu]:
        out.append(('print', self.ts[cpu], dict(pid=cur, buf=f'E|{tgid}')))
      else:
        out.append(('print', self.ts[cpu], dict(pid=cur, buf=f'B|{tgid}|work {rng.randint(0, 31)}')))
      self.open_slice[cpu] = not self.open_slice[cpu]
    nxt = 1000 + rng.randrange(THREADS)
    self.ts[cpu] += rng.randint(500, 5_000)
    out.append(('waking', self.ts[cpu], dict(pid=cur, wakee=nxt, comm=self.comm(nxt))))
    self.ts[cpu] += rng.randint(500, 5_000)
    out.append(('switch', self.ts[cpu], dict(
        prev_pid=cur, prev_comm=self.comm(cur), prev_state=rng.choice((0, 1, 1, 2)),
        next_pid=nxt, next_comm=self.comm(nxt))))
    self.running[cpu] = nxt
    if self.open_slice[cpu]:
      self.open_slice[cpu] = False
      out.append(('print', self.ts[cpu] + 1, dict(pid=cur, buf=f'E|{1000 + (cur - 1000) // 8 * 8}')))
    return out


def proto_event(kind, ts, f):
  if kind == 'switch':
    body = (f_bytes(1, f['prev_comm'].encode()) + f_varint(2, f['prev_pid']) + f_varint(3, 120) +
            f_varint(4, f['prev_state']) + f_bytes(5, f['next_comm'].encode()) +
            f_varint(6, f['next_pid']) + f_varint(7, 120))
    return f_varint(1, ts) + f_varint(2, f['prev_pid']) + f_bytes(4, body)
  if kind == 'waking':
    body = (f_bytes(1, f['comm'].encode()) + f_varint(2, f['wakee']) + f_varint(3, 120) +
            f_varint(5, 0))
    return f_varint(1, ts) + f_varint(2, f['pid']) + f_bytes(20, body)
  if kind == 'freq':
    body = f_varint(1, f['state']) + f_varint(2, f['cpu_id'])
    return f_varint(1, ts) + f_varint(2, 0) + f_bytes(11, body)
  body = f_varint(1, 0) + f_bytes(2, (f['buf'] + '\n').encode())  # print: ip, buf.
  return f_varint(1, ts) + f_varint(2, f['pid']) + f_bytes(3, body)


def packed(field, values):
  data = b''.join(varint(v if v >= 0 else v + (1 << 64)) for v in values)
  return f_bytes(field, data)


def compact_bundle(cpu, events):
  """Switches and wakings in columns; other events stay FtraceEvents."""
  table, index = [], {}
  def intern(comm):
    if comm not in index:
      index[comm] = len(table)
      table.append(comm)
    return index[comm]
  sw = dict(ts=[], state=[], pid=[], prio=[], comm=[])
  wk = dict(ts=[], pid=[], cpu=[], prio=[], comm=[])
  last_sw = last_wk = 0
  plain = b''
  for kind, ts, f in events:
    if kind == 'switch':
      sw['ts'].append(ts - last_sw)
      last_sw = ts
      sw['state'].append(f['prev_state'])
      sw['pid'].append(f['next_pid'])
      sw['prio'].append(120)
      sw['comm'].append(intern(f['next_comm']))
    elif kind == 'waking':
      wk['ts'].append(ts - last_wk)
      last_wk = ts
      wk['pid'].append(f['wakee'])
      wk['cpu'].append(cpu)
      wk['prio'].append(120)
      wk['comm'].append(intern(f['comm']))
    else:
      plain += f_bytes(2, proto_event(kind, ts, f))
  compact = (packed(1, sw['ts']) + packed(2, sw['state']) + packed(3, sw['pid']) +
             packed(4, sw['prio']) + b''.join(f_bytes(5, c.encode()) for c in table) +
             packed(6, sw['comm']) + packed(7, wk['ts']) + packed(8, wk['pid']) +
             packed(9, wk['cpu']) + packed(10, wk['prio']) + packed(11, wk['comm']))
  return f_varint(1, cpu) + plain + f_bytes(4, compact)


STATE_LETTERS = {0: 'R', 1: 'S', 2: 'D'}


def text_line(cpu, kind, ts, f):
  secs = f'{ts // 1_000_000_000}.{ts % 1_000_000_000 // 1000:06d}'
  if kind == 'switch':
    tid = f['prev_pid']
    event = (f'sched_switch: prev_comm={f["prev_comm"]} prev_pid={tid} prev_prio=120 '
             f'prev_state={STATE_LETTERS[f["prev_state"]]} ==> next_comm={f["next_comm"]} '
             f'next_pid={f["next_pid"]} next_prio=120')
  elif kind == 'waking':
    tid = f['pid']
    event = f'sched_waking: comm={f["comm"]} pid={f["wakee"]} prio=120 target_cpu={cpu:03d}'
  elif kind == 'freq':
    tid = 0
    event = f'cpu_frequency: state={f["state"]} cpu_id={f["cpu_id"]}'
  else:
    tid = f['pid']
    event = f'tracing_mark_write: {f["buf"]}'
  tgid = 1000 + (tid - 1000) // 8 * 8 if tid else 0
  task = f'thread-{tid % 97}' if tid else '<idle>'
  return f'{task:>16}-{tid:<5} ({tgid:>5}) [{cpu:03d}] d..3 {secs}: {event}\n'


def main():
  if len(sys.argv) != 4 or sys.argv[1] not in ('proto', 'compact', 'text'):
    sys.exit(__doc__)
  fmt, out_path, size = sys.argv[1], sys.argv[2], float(sys.argv[3]) * (1 << 20)
  model = Model()
  written = events = 0
  with open(out_path, 'wb') as out:
    if fmt == 'text':
      out.write(b'# tracer: nop\n#\n')
    while written < size:
      for cpu in range(CPUS):
        batch = []
        while len(batch) < BUNDLE_EVENTS:
          batch.extend(model.next_events(cpu))
        events += len(batch)
        if fmt == 'text':
          data = ''.join(text_line(cpu, *e) for e in batch).encode()
        else:
          if fmt == 'compact':
            bundle = compact_bundle(cpu, batch)
          else:
            bundle = f_varint(1, cpu) + b''.join(f_bytes(2, proto_event(*e)) for e in batch)
          data = f_bytes(1, f_varint(10, 1) + f_bytes(1, bundle))  # packet: seq id, ftrace_events.
        out.write(data)
        written += len(data)
  print(f'wrote {out_path}: {written} bytes, {events} events', file=sys.stderr)


if __name__ == '__main__':
  main()
