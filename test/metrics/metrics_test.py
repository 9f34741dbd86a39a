#!/usr/bin/env python3
"""Metric tests the diff tests cannot express (docs/metrics.md):

- a user's metric (test/metrics/user_metric/my_metric.sql + .proto) run by
  the shell (`--run-metrics PATH.sql`, its .proto compiled with protoc)
  prints expected.txt;
- `--run-metrics trace_stats --metrics-output binary` decodes with
  `protoc --decode=perfetto.protos.TraceMetrics` against weft's protos into
  exactly the shell's text output;
- `--metrics-output json` is valid JSON with the metric's fields.

Usage: test/metrics/metrics_test.py [--weft out/host/weft]
Ends with "N passed, M failed"; exit code 0 only if M == 0.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, 'test', 'metrics')
STATS_TRACE = os.path.join(ROOT, 'test', 'diff', 'metrics', 'trace_stats', 'trace.json')
TIMEOUT_S = 120


def run_weft(weft, args, text=True):
  return subprocess.run([weft] + args, capture_output=True, text=text, check=True,
                        timeout=TIMEOUT_S).stdout


def test_user_metric(weft):
  case = os.path.join(HERE, 'user_metric')
  out = run_weft(weft, ['--run-metrics', os.path.join(case, 'my_metric.sql'),
                        os.path.join(case, 'trace.json')])
  with open(os.path.join(case, 'expected.txt')) as f:
    expected = f.read()
  assert out == expected, 'user metric output:\n%s\nexpected:\n%s' % (out, expected)


def test_binary_decodes_with_protoc(weft):
  binary = run_weft(weft, ['--run-metrics', 'trace_stats', '--metrics-output', 'binary',
                           STATS_TRACE], text=False)
  decoded = subprocess.run(
      ['protoc', '--decode=perfetto.protos.TraceMetrics', '-I', os.path.join(ROOT, 'protos'),
       'perfetto/metrics/metrics.proto'], input=binary, capture_output=True, check=True,
      timeout=TIMEOUT_S).stdout.decode()
  text = run_weft(weft, ['--run-metrics', 'trace_stats', STATS_TRACE])
  assert 'severity: SEVERITY_ERROR' in decoded, decoded
  assert decoded == text, 'protoc --decode:\n%s\nweft text:\n%s' % (decoded, text)


def test_json_output(weft):
  out = run_weft(weft, ['--run-metrics', 'trace_stats', '--metrics-output', 'json',
                        STATS_TRACE])
  stats = json.loads(out)['trace_stats']['stat']
  names = [s['name'] for s in stats]
  assert 'json_parser_failure' in names, names
  assert all(s['severity'].startswith('SEVERITY_') for s in stats), stats


def main():
  ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
  ap.add_argument('--weft', default=os.path.join(ROOT, 'out', 'host', 'weft'))
  args = ap.parse_args()
  weft = os.path.abspath(args.weft)
  tests = [test_user_metric, test_binary_decodes_with_protoc, test_json_output]
  failed = 0
  for test in tests:
    try:
      test(weft)
      print('PASS', test.__name__)
    except (AssertionError, subprocess.CalledProcessError, subprocess.TimeoutExpired,
            KeyError, ValueError) as e:
      failed += 1
      print('FAIL', test.__name__, e)
  print('%d passed, %d failed' % (len(tests) - failed, failed))
  return 1 if failed else 0


if __name__ == '__main__':
  sys.exit(main())
