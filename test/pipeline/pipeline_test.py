#!/usr/bin/env python3
"""weft's second threads give the rows one thread gives.

Writes a synthetic TrackEvent trace with many small sorting windows (the
tracing service's flush markers every 64 KiB, so the parser thread works
on window N while the next is tokenized; interned data is re-sent and
descriptors come mid-trace), then dumps every table the proto importer
writes with `weft` (parser thread) and `weft --single-thread`, and fails
on any difference. The same for a 20 MB Fuchsia trace (tools/gen_fxt_trace.py:
its queue takes several chunks, mapped ahead by the chunk prefaulter's
thread unless --single-thread). With --tsan-weft it also loads both traces
with a ThreadSanitizer build, and runs the threads' unit tests (the
pipeline's, the prefaulter's, queries during a load) under it, and fails
on any report.

  test/pipeline/pipeline_test.py --weft out/host/weft [--tsan-weft out/host_tsan/weft]
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, 'tools', 'gen_proto_trace.py')
GEN_FXT = os.path.join(ROOT, 'tools', 'gen_fxt_trace.py')

DUMP = """
select * from slice order by id;
select * from args order by id;
select * from track order by id;
select * from thread order by utid;
select * from process order by upid;
select * from counter order by id;
select * from flow order by id;
select * from metadata order by id;
select name, idx, severity, source, value from stats order by name, idx;
"""

# What a Fuchsia trace with scheduling records writes (FXT_DUMP).
FXT_DUMP = DUMP + """
select * from sched order by id;
select * from thread_state order by id;
select * from android_logs order by id;
"""


TSAN_ENV = dict(os.environ, TSAN_OPTIONS='halt_on_error=1 exitcode=66')


def run(weft, flags, trace, env=None, dump=DUMP):
  p = subprocess.run([weft] + flags + ['-Q', dump, trace], capture_output=True, env=env,
                     timeout=600)
  return p.returncode, p.stdout, p.stderr.decode(errors='replace')


def first_difference(a, b):
  a, b = a.splitlines(), b.splitlines()
  first = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
  line = lambda rows: rows[first][:200] if first < len(rows) else b'<end>'
  return first + 1, line(a), line(b)


def check_trace(args, label, trace, dump):
  """Threaded against --single-thread (and the TSAN build): failures."""
  rc1, threaded, err1 = run(args.weft, [], trace, dump=dump)
  rc2, single, err2 = run(args.weft, ['--single-thread'], trace, dump=dump)
  if rc1 or rc2:
    print(f'FAIL: {label}: weft exited {rc1} / {rc2}: {err1[-300:]} {err2[-300:]}')
    return 1
  failures = 0
  if threaded != single:
    line, a, b = first_difference(threaded, single)
    print(f'FAIL: {label}: threaded and --single-thread differ at output line {line}:')
    print('  threaded:', a)
    print('  single:  ', b)
    failures += 1
  else:
    lines = threaded.count(b'\n')
    print(f'ok: {label}: threaded == single-thread ({lines} lines, '
          f'sha1 {hashlib.sha1(threaded).hexdigest()[:12]})')
  if args.tsan_weft:
    rc, out, err = run(args.tsan_weft, [], trace, TSAN_ENV, dump=dump)
    if rc or 'ThreadSanitizer' in err:
      print(f'FAIL: {label}: ThreadSanitizer build exited {rc}:\n{err[-3000:]}')
      failures += 1
    elif out != single:
      print(f'FAIL: {label}: ThreadSanitizer build gives other rows')
      failures += 1
    else:
      print(f'ok: {label}: ThreadSanitizer build: no reports, same rows')
  return failures


def main():
  ap = argparse.ArgumentParser()
  ap.add_argument('--weft', required=True)
  ap.add_argument('--tsan-weft')
  args = ap.parse_args()
  failures = 0
  with tempfile.TemporaryDirectory() as tmp:
    trace = os.path.join(tmp, 'windows.pb')
    subprocess.run([sys.executable, GEN, trace, '3', '65536'], check=True,
                   stderr=subprocess.DEVNULL)
    failures += check_trace(args, 'protobuf parser thread', trace, DUMP)
    fxt = os.path.join(tmp, 'sched.fxt')
    subprocess.run([sys.executable, GEN_FXT, fxt, '20'], check=True, stderr=subprocess.DEVNULL)
    failures += check_trace(args, 'FXT with the prefaulter', fxt, FXT_DUMP)
    if args.tsan_weft:
      # The threads' unit tests and queries during a load, under TSAN.
      unittests = os.path.join(os.path.dirname(args.tsan_weft), 'weft_pipeline_unittests')
      p = subprocess.run([unittests, '--gtest_brief=1',
                          '--gtest_filter=*Pipeline*:*QueriesDuringAProtobufLoad*:'
                          '*Prefaulter*'],
                         capture_output=True, env=TSAN_ENV, timeout=600)
      err = p.stderr.decode(errors='replace') + p.stdout.decode(errors='replace')
      if p.returncode or 'ThreadSanitizer' in err:
        print(f'FAIL: unit tests under ThreadSanitizer exited {p.returncode}:\n{err[-3000:]}')
        failures += 1
      else:
        print('ok: threads\' unit tests under ThreadSanitizer')
  print('pipeline tests:', 'FAILED' if failures else 'passed')
  return 1 if failures else 0


if __name__ == '__main__':
  sys.exit(main())
