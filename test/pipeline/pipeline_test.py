#!/usr/bin/env python3
"""The protobuf parse pipeline: two threads give the rows one thread gives.

Writes a synthetic TrackEvent trace with many small sorting windows (the
tracing service's flush markers every 64 KiB, so the parser thread works
on window N while the next is tokenized; interned data is re-sent and
descriptors come mid-trace), then dumps every table the proto importer
writes with `weft` (parser thread) and `weft --single-thread`, and fails
on any difference. With --tsan-weft it also loads the trace with a
ThreadSanitizer build, and runs the pipeline's unit tests (and queries
during a load) under it, and fails on any report.

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


def run(weft, flags, trace, env=None):
  p = subprocess.run([weft] + flags + ['-Q', DUMP, trace], capture_output=True, env=env,
                     timeout=600)
  return p.returncode, p.stdout, p.stderr.decode(errors='replace')


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
    rc1, threaded, err1 = run(args.weft, [], trace)
    rc2, single, err2 = run(args.weft, ['--single-thread'], trace)
    if rc1 or rc2:
      print(f'FAIL: weft exited {rc1} / {rc2}: {err1[-300:]} {err2[-300:]}')
      return 1
    rows = threaded.count(b'\n')
    if threaded != single:
      a, b = threaded.splitlines(), single.splitlines()
      first = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
      print(f'FAIL: parser thread and --single-thread differ at output line {first + 1}:')
      print('  threaded:', a[first][:200] if first < len(a) else b'<end>')
      print('  single:  ', b[first][:200] if first < len(b) else b'<end>')
      failures += 1
    else:
      print(f'ok: threaded == single-thread ({rows} lines, '
            f'sha1 {hashlib.sha1(threaded).hexdigest()[:12]})')
    if args.tsan_weft:
      env = dict(os.environ, TSAN_OPTIONS='halt_on_error=1 exitcode=66')
      rc, out, err = run(args.tsan_weft, [], trace, env)
      if rc or 'ThreadSanitizer' in err:
        print(f'FAIL: ThreadSanitizer build exited {rc}:\n{err[-3000:]}')
        failures += 1
      elif out != single:
        print('FAIL: ThreadSanitizer build gives other rows')
        failures += 1
      else:
        print('ok: ThreadSanitizer build: no reports, same rows')
      # The pipeline's unit tests and queries during a load, under TSAN.
      unittests = os.path.join(os.path.dirname(args.tsan_weft), 'weft_pipeline_unittests')
      p = subprocess.run([unittests, '--gtest_brief=1',
                          '--gtest_filter=*Pipeline*:*QueriesDuringAProtobufLoad*'],
                         capture_output=True, env=env, timeout=600)
      err = p.stderr.decode(errors='replace') + p.stdout.decode(errors='replace')
      if p.returncode or 'ThreadSanitizer' in err:
        print(f'FAIL: unit tests under ThreadSanitizer exited {p.returncode}:\n{err[-3000:]}')
        failures += 1
      else:
        print('ok: pipeline unit tests under ThreadSanitizer')
  print('pipeline tests:', 'FAILED' if failures else 'passed')
  return 1 if failures else 0


if __name__ == '__main__':
  sys.exit(main())
