#!/usr/bin/env python3
"""Robustness of weft on damaged traces: every trace of ../shared/corpus and
test/data, cut short at N offsets (seeded random ones plus the format's
structural boundaries: inside and right after an event, packet or record)
and with bytes flipped in N copies. Each run must

  - exit 0, or 1 with a clear error ("weft: ..." on stderr): never a crash,
    a sanitizer report or a hang (--timeout);
  - stay under 3x the peak RSS of the full trace (per-process, wait4);
  - for a cut trace whose byte <-> event map is simple (plain or gzip JSON,
    protobuf without ftrace, FXT), hold at least the slices of the full
    trace minus one per event/packet/record that ends after the cut.

  test/robustness/robustness_test.py [--weft out/host/weft] [-n 50]
      [--seed 1] [--jobs N] [--timeout 60] [--filter SUBSTR] [-v]

Ends with "N passed, M failed" (runs); exit code 0 only if M == 0. Prints
per-trace timings with -v and a summary of load warnings seen.
"""

import argparse
import concurrent.futures
import gzip
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared'))
TRACE_DIRS = [os.path.join(SHARED, 'corpus'), os.path.join(ROOT, 'test', 'data')]
SKIP_DIRS = {'perfetto_answers'}
SKIP_EXT = ('.md', '.tsv', '.sql', '.py')
# JS profile calls are built from CPU samples anywhere in the file, so a cut
# may lose calls that end before it: they are not counted as the file's slices.
QUERY = ("select count(*) from slice where category is null or category != 'ProfileCall'; "
         'select count(*) from track; select count(*) from args')
MEMORY_FACTOR = 3
# Below this peak RSS the 3x bound is not meaningful (process start-up).
MEMORY_FLOOR_KB = 64 << 10
SANITIZER_ENV = {
    'ASAN_OPTIONS': 'exitcode=86:detect_leaks=1:abort_on_error=0',
    'UBSAN_OPTIONS': 'halt_on_error=1:print_stacktrace=1:exitcode=87',
}
SANITIZER_MARKERS = ('ERROR: AddressSanitizer', 'ERROR: LeakSanitizer', 'runtime error:')


# ------------------------------------------------------------ running weft

class Run:
  def __init__(self, code, out, err, rss_kb, seconds, timed_out):
    self.code, self.out, self.err = code, out, err
    self.rss_kb, self.seconds, self.timed_out = rss_kb, seconds, timed_out

  def slices(self):
    lines = self.out.split('\n')
    return int(lines[1]) if self.code == 0 and len(lines) > 1 else None


def run_weft(weft, path, timeout):
  """Runs weft on |path|; its own peak RSS comes from wait4."""
  env = dict(os.environ, **SANITIZER_ENV)
  with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
    start = time.monotonic()
    proc = subprocess.Popen([weft, '-Q', QUERY, path], stdout=out, stderr=err, env=env,
                            start_new_session=True)
    timed_out = False
    while True:
      pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
      if pid:
        break
      if time.monotonic() - start > timeout:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        pid, status, usage = os.wait4(proc.pid, 0)
        break
      time.sleep(0.005)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    out.seek(0)
    err.seek(0)
    return Run(proc.returncode, out.read().decode('utf-8', 'replace'),
               err.read().decode('utf-8', 'replace'), usage.ru_maxrss, seconds, timed_out)


# -------------------------------------- where events end, per format

def varint(data, pos):
  value, shift = 0, 0
  while pos < len(data) and shift < 64:
    b = data[pos]
    pos += 1
    value |= (b & 0x7f) << shift
    if not b & 0x80:
      return value, pos
    shift += 7
  return None, pos


def fields(data):
  """(field id, wire type, value or bytes) of one protobuf message, or None
  if it does not parse."""
  out, pos = [], 0
  while pos < len(data):
    tag, pos = varint(data, pos)
    if tag is None:
      return None
    wire = tag & 7
    if wire == 0:
      value, pos = varint(data, pos)
    elif wire == 2:
      size, pos = varint(data, pos)
      if size is None or pos + size > len(data):
        return None
      value, pos = data[pos:pos + size], pos + size
    elif wire in (1, 5):
      size = 8 if wire == 1 else 4
      value, pos = data[pos:pos + size], pos + size
    else:
      return None
    if value is None:
      return None
    out.append((tag >> 3, wire, value))
  return out


TRACK_EVENT, TRACK_EVENT_TYPE, SLICE_END, FTRACE_EVENTS = 11, 9, 2, 1


def packet_makes_slice(body):
  """At most one slice: a TrackEvent that does not end a slice."""
  for field, wire, value in fields(body) or []:
    if field == TRACK_EVENT and wire == 2:
      kinds = [v for f, w, v in fields(value) or [] if f == TRACK_EVENT_TYPE and w == 0]
      return not kinds or kinds[-1] != SLICE_END
  return False


def proto_packet_ends(data):
  """End offsets of the Trace's packets that can make a slice; None if it
  has ftrace bundles (a packet then makes many slices) or the framing is
  not clean."""
  ends, pos = [], 0
  while pos < len(data):
    tag, pos = varint(data, pos)
    if tag is None or tag & 7 != 2:
      return None
    size, pos = varint(data, pos)
    if size is None or pos + size > len(data):
      return None
    body = data[pos:pos + size]
    first, _ = varint(body, 0)
    if first is not None and first >> 3 == FTRACE_EVENTS:
      return None
    pos += size
    if tag >> 3 == 1 and packet_makes_slice(body):
      ends.append(pos)
  return ends


FXT_EVENT_RECORD, FXT_LARGE_RECORD = 4, 15
# Event types that never make a slice: counter, end, async end, flows.
FXT_NO_SLICE = {1, 3, 7, 8, 9, 10}


def fxt_record_ends(data):
  """End offsets of the FXT event records that can make a slice."""
  ends, pos = [], 0
  while pos + 8 <= len(data):
    header = int.from_bytes(data[pos:pos + 8], 'little')
    rtype = header & 0xf
    words = (header >> 4) & (0xffffffff if rtype == FXT_LARGE_RECORD else 0xfff)
    if words == 0:
      return None
    pos += words * 8
    if rtype == FXT_EVENT_RECORD and (header >> 16) & 0xf not in FXT_NO_SLICE:
      ends.append(min(pos, len(data)))
  return ends


# Phases whose events never make a slice (ends, metadata, counters).
JSON_NO_SLICE = {'E', 'e', 'M', 'C'}


def json_event_ends(data):
  """End offsets of the top-level events of a JSON trace (object or array
  form) that can make a slice; None if it is not one."""
  try:
    text = data.decode('utf-8')
  except UnicodeDecodeError:
    return None
  decoder = json.JSONDecoder()
  stripped = text.lstrip()
  if stripped.startswith('['):
    pos = text.index('[') + 1
  else:
    key = text.find('"traceEvents"')
    if key < 0:
      return None
    pos = text.find('[', key) + 1
  # Offsets are in bytes: add up the encoded lengths of the pieces read.
  ends, done_chars, done_bytes = [], 0, 0
  while True:
    while pos < len(text) and text[pos] in ' \t\r\n,':
      pos += 1
    if pos >= len(text) or text[pos] != '{':
      break
    try:
      event, pos = decoder.raw_decode(text, pos)
    except ValueError:
      break
    done_bytes += len(text[done_chars:pos].encode('utf-8'))
    done_chars = pos
    if not isinstance(event, dict) or event.get('ph') not in JSON_NO_SLICE:
      ends.append(done_bytes)
  return ends


def event_ends(data):
  """(kind, end offsets of the events in the decompressed trace, inflate)
  where inflate(cut bytes) gives the decompressed prefix weft can read."""
  inflate = lambda b: b  # noqa: E731
  inner = data
  if data[:2] == b'\x1f\x8b':
    inner = gzip.decompress(data)
    inflate = gzip_prefix
  if inner[:8] == bytes.fromhex('10000446785416 00'.replace(' ', '')):
    return 'fxt', fxt_record_ends(inner), inflate
  if inner[:1] == b'\x0a' and not inner[1:2].isspace() and inner[1:2] not in (b'{', b'['):
    return 'proto', proto_packet_ends(inner), inflate
  if inner.lstrip()[:1] in (b'{', b'['):
    return 'json', json_event_ends(inner), inflate
  return 'other', None, inflate


def gzip_prefix(data):
  d = zlib.decompressobj(32 + zlib.MAX_WBITS)
  try:
    return d.decompress(data)
  except zlib.error:
    return b''


# ---------------------------------------------------------- the cases

def cut_offsets(size, ends, n, rng):
  """n offsets: structural ones (inside and right after events) first,
  then seeded random ones."""
  offsets = set()
  if ends:
    picks = rng.sample(ends, min(len(ends), n // 2))
    for e in picks:
      offsets.add(e)              # Right after an event.
      offsets.add(max(1, e - 3))  # Inside it.
  offsets = {o for o in offsets if 0 < o < size}
  while len(offsets) < min(n, size - 1):
    offsets.add(rng.randrange(1, size))
  return sorted(offsets)[:n] if len(offsets) > n else sorted(offsets)


def flipped(data, rng):
  """A copy with 1 to 8 random bytes replaced."""
  out = bytearray(data)
  for _ in range(rng.randint(1, 8)):
    pos = rng.randrange(len(out))
    out[pos] ^= rng.randrange(1, 256)
  return bytes(out)


def check(run, full, what, min_slices=None):
  """A list of problems with |run| (empty if it is fine)."""
  problems = []
  if run.timed_out:
    return ['%s: timed out after %.0f s' % (what, run.seconds)]
  if any(m in run.err for m in SANITIZER_MARKERS):
    return ['%s: sanitizer report:\n%s' % (what, run.err[-3000:])]
  if run.code not in (0, 1):
    return ['%s: crashed (exit %d):\n%s' % (what, run.code, run.err[-2000:])]
  if run.code == 1 and not run.err.startswith('weft: '):
    problems.append('%s: exit 1 without a clear error: %r' % (what, run.err[-500:]))
  bound = MEMORY_FACTOR * max(full.rss_kb, MEMORY_FLOOR_KB)
  if run.rss_kb > bound:
    problems.append('%s: peak RSS %d KB > %dx the full trace\'s %d KB'
                    % (what, run.rss_kb, MEMORY_FACTOR, full.rss_kb))
  if min_slices is not None and min_slices > 0:
    got = run.slices()
    if got is None or got < min_slices:
      problems.append('%s: %s slices, expected at least %d (exit %d: %s)'
                      % (what, got, min_slices, run.code, run.err.strip()[-300:]))
  return problems


def test_trace(path, args, tmp):
  """Runs the cut and flipped copies of one trace; returns (runs, failed
  runs, problems, seconds, runs with a load warning, format)."""
  rng = random.Random('%d:%s' % (args.seed, os.path.basename(path)))
  data = open(path, 'rb').read()
  start = time.monotonic()
  full = run_weft(args.weft, path, args.timeout)
  problems = check(full, full, path)
  full_slices = full.slices()
  kind, ends, inflate = event_ends(data)
  base = os.path.join(tmp, os.path.basename(path))
  runs, warnings, failed_runs = 1, 0, int(bool(problems))
  for offset in cut_offsets(len(data), ends, args.n, rng):
    cut = data[:offset]
    copy = '%s.cut%d%s' % (base, offset, os.path.splitext(path)[1])
    with open(copy, 'wb') as f:
      f.write(cut)
    min_slices = None
    if ends is not None and full_slices is not None:
      readable = len(inflate(cut))
      lost = sum(1 for e in ends if e > readable)
      min_slices = full_slices - lost
    run = run_weft(args.weft, copy, args.timeout)
    warnings += 'weft: warning:' in run.err
    found = check(run, full, '%s cut at %d' % (path, offset), min_slices)
    problems += found
    failed_runs += bool(found)
    os.unlink(copy)
    runs += 1
  for k in range(args.n):
    copy = '%s.flip%d%s' % (base, k, os.path.splitext(path)[1])
    with open(copy, 'wb') as f:
      f.write(flipped(data, rng))
    run = run_weft(args.weft, copy, args.timeout)
    warnings += 'weft: warning:' in run.err
    found = check(run, full, '%s flip copy %d (seed %d)' % (path, k, args.seed))
    problems += found
    failed_runs += bool(found)
    os.unlink(copy)
    runs += 1
  return runs, failed_runs, problems, time.monotonic() - start, warnings, kind


def find_traces(filter_str):
  traces = []
  for top in TRACE_DIRS:
    for dirpath, dirnames, filenames in os.walk(top):
      dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
      for name in sorted(filenames):
        path = os.path.join(dirpath, name)
        if top.endswith('corpus') and dirpath == top:
          continue  # README.md, SOURCES.tsv.
        if name.endswith(SKIP_EXT) or (filter_str and filter_str not in path):
          continue
        traces.append(path)
  return traces


def main():
  ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
  ap.add_argument('--weft', default=os.path.join(ROOT, 'out', 'host', 'weft'))
  ap.add_argument('-n', type=int, default=50, help='cuts and flipped copies per trace')
  ap.add_argument('--seed', type=int, default=1)
  ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
  ap.add_argument('--timeout', type=float, default=60, help='seconds per run')
  ap.add_argument('--filter', default='')
  ap.add_argument('-v', '--verbose', action='store_true')
  args = ap.parse_args()
  if not os.path.exists(args.weft):
    print('robustness: %s not found (build it first)' % args.weft)
    print('0 passed, 1 failed')
    return 1
  if not os.path.isdir(TRACE_DIRS[0]):
    print('robustness: %s not found' % TRACE_DIRS[0])
    print('0 passed, 1 failed')
    return 1
  traces = find_traces(args.filter)
  start = time.monotonic()
  total_runs, failed, warnings = 0, 0, 0
  with tempfile.TemporaryDirectory(prefix='weft_robustness_') as tmp, \
      concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
    futures = {pool.submit(test_trace, t, args, tmp): t for t in traces}
    for fut in concurrent.futures.as_completed(futures):
      path = futures[fut]
      runs, failed_runs, problems, seconds, warned, kind = fut.result()
      total_runs += runs
      failed += failed_runs
      warnings += warned
      for p in problems:
        print('FAIL', p)
      if args.verbose:
        print('%-70s %-6s %4d runs %6.1f s, %d loaded with a warning'
              % (os.path.relpath(path, os.path.dirname(ROOT)), kind, runs, seconds, warned))
  print('%d traces, %d runs in %.1f s; %d runs loaded a damaged trace with a warning'
        % (len(traces), total_runs, time.monotonic() - start, warnings))
  print('%d passed, %d failed' % (total_runs - failed, failed))
  return 0 if failed == 0 else 1


if __name__ == '__main__':
  sys.exit(main())
