#!/usr/bin/env python3
"""Diff tests for weft: run SQL over tiny traces and compare CSV output.

Each case is a folder test/diff/<area>/<case>/ holding:
  trace.*              the trace (any extension: trace.json, trace.json.gz, ...);
                       trace.textproto (a Perfetto protobuf trace as text) is
                       encoded with protoc at test time into
                       out/diff_traces/<area>/<case>/trace.pb, and
                       trace.fxt.json (a Fuchsia trace described as JSON)
                       by tools/encode_fxt into .../trace.fxt
  query.sql            the SQL to run (`weft -q query.sql trace`)
  expected.csv         the exact expected stdout, or instead
  expected_error.txt   a substring that must appear in stderr; weft must exit
                       non-zero (for malformed input / bad SQL).
  expected_warning.txt optional, with expected.csv: a substring of the
                       "weft: warning: ..." line a damaged trace prints on
                       stderr (exit code 0); without it there must be none.
  flags.txt            optional: extra shell flags, e.g. --crop-track-events
                       (test/bridge/compare_native.js runs cases without them).

To add a case: create the folder with trace.* and query.sql, write
expected.csv by reasoning about what Perfetto's trace_processor would print
(`trace_processor_shell -q` CSV), then run
    python3 test/diff_tests.py --filter <case>
Use --bless only to (re)write expected.csv from weft's current output once you
have checked that output is right; expected_error cases are never blessed.

Every passing case is run again with --read-size 1 and --read-size 7 (unless
the trace is larger than 1 MB) and must print exactly the same output.
With a sanitizer build of weft (tools/test runs out/host_fuzzer/weft, clang ASan + UBSan), any
sanitizer report fails the case.

Usage: test/diff_tests.py [--weft out/host/weft] [--filter SUBSTR] [--bless] [-v]
Ends with "N passed, M failed"; the exit code is 0 only if M == 0.
"""

import argparse
import concurrent.futures
import difflib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIFF_DIR = os.path.join(ROOT, 'test', 'diff')
ENCODED_DIR = os.path.join(ROOT, 'out', 'diff_traces')
# Readable trace descriptions -> the binary trace encoded from them.
ENCODED = {'trace.textproto': 'trace.pb', 'trace.fxt.json': 'trace.fxt'}
ENCODERS = ('encode_textproto', 'encode_fxt')
CHUNK_SIZES = (1, 7)
CHUNK_CHECK_MAX_BYTES = 1 << 20
TIMEOUT_S = 120
# What sanitizer builds (tools/build --asan/--ubsan/--tsan) print on a finding.
# A report fails the case even when weft was expected to fail anyway.
SANITIZER_REPORTS = ('ERROR: AddressSanitizer', 'ERROR: LeakSanitizer',
                     'SUMMARY: UndefinedBehaviorSanitizer', ': runtime error: ',
                     'WARNING: ThreadSanitizer')
# Files only a case folder holds (next to its trace.*).
CASE_FILES = {'query.sql', 'expected.csv', 'expected_error.txt', 'flags.txt'}
WARNING = 'weft: warning: '


class Case:

  def __init__(self, path, trace):
    self.path = path
    self.name = os.path.relpath(path, DIFF_DIR)
    self.trace = trace
    self.query = os.path.join(path, 'query.sql')
    self.expected = os.path.join(path, 'expected.csv')
    self.expected_error = os.path.join(path, 'expected_error.txt')
    self.expected_warning = os.path.join(path, 'expected_warning.txt')
    flags = os.path.join(path, 'flags.txt')
    self.flags = open(flags).read().split() if os.path.exists(flags) else []


def discover(filter_str):
  cases, problems = [], []
  for dirpath, dirnames, filenames in os.walk(DIFF_DIR):
    dirnames.sort()
    rel = os.path.relpath(dirpath, DIFF_DIR)
    encoded = [ENCODED[f] for f in filenames if f in ENCODED]
    if encoded:
      # Encoded at test time (encode_traces()).
      traces = [os.path.join(ENCODED_DIR, rel, name) for name in encoded]
    else:
      traces = sorted(os.path.join(dirpath, f) for f in filenames
                      if f.startswith('trace.'))
    if filter_str and filter_str not in rel:
      continue
    if not traces:
      # A folder of areas; but a case's files without a trace never run.
      if set(filenames) & CASE_FILES:
        problems.append((rel, 'no trace.* file'))
      continue
    if len(traces) > 1:
      problems.append((rel, 'more than one trace.* file: %s' % traces))
      continue
    case = Case(dirpath, traces[0])
    has_csv = os.path.exists(case.expected)
    has_err = os.path.exists(case.expected_error)
    if not os.path.exists(case.query):
      problems.append((rel, 'missing query.sql'))
    elif has_csv == has_err:
      problems.append(
          (rel, 'needs exactly one of expected.csv / expected_error.txt'))
    else:
      cases.append(case)
  cases.sort(key=lambda c: c.name)
  return cases, problems


def encode_traces():
  """Encodes every readable trace description; False on error."""
  ok = True
  for tool in ENCODERS:
    p = subprocess.run([sys.executable, os.path.join(ROOT, 'tools', tool),
                        '--all-into', ENCODED_DIR])
    ok &= p.returncode == 0
  return ok


def normalize(text):
  lines = [line.rstrip() for line in text.replace('\r\n', '\n').split('\n')]
  while lines and not lines[-1]:
    lines.pop()
  return '\n'.join(lines) + '\n' if lines else ''


def run_weft(weft, case, read_size=None):
  cmd = [weft]
  if read_size is not None:
    cmd += ['--read-size', str(read_size)]
  cmd += case.flags + ['-q', case.query, case.trace]
  try:
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=TIMEOUT_S)
  except subprocess.TimeoutExpired:
    return None, '', 'timed out after %ds' % TIMEOUT_S
  out = p.stdout.decode('utf-8', errors='replace')
  err = p.stderr.decode('utf-8', errors='replace')
  if any(report in err for report in SANITIZER_REPORTS):
    raise SanitizerReport(' '.join(cmd), err)
  return p.returncode, out, err


class SanitizerReport(Exception):
  """A sanitizer finding in weft's stderr."""

  def __str__(self):
    cmd, err = self.args
    return 'sanitizer report from %s:\n%s' % (cmd, err)


def describe_exit(rc):
  if rc is None:
    return 'timeout'
  if rc < 0:
    return 'killed by signal %d (crash)' % -rc
  return 'exit code %d' % rc


def unified(expected, actual, a='expected', b='actual'):
  return ''.join(
      difflib.unified_diff(
          expected.splitlines(True), actual.splitlines(True), a, b))


def check_warning(case, err):
  """The load warning of a damaged trace, as expected_warning.txt says."""
  warned = WARNING in err
  if not os.path.exists(case.expected_warning):
    return 'unexpected load warning:\n%s' % err if warned else ''
  with open(case.expected_warning, encoding='utf-8') as f:
    needle = f.read().strip()
  if not warned or needle not in err:
    return 'stderr has no %r containing %r; stderr:\n%s' % (WARNING, needle, err)
  return ''


def run_case(weft, case, bless):
  """Returns (ok, message)."""
  rc, out, err = run_weft(weft, case)
  if os.path.exists(case.expected_error):
    with open(case.expected_error, encoding='utf-8') as f:
      needle = f.read().strip()
    if rc is None or rc < 0:
      return False, '%s; stderr:\n%s' % (describe_exit(rc), err)
    if rc == 0:
      return False, ('expected failure containing %r, but weft succeeded; '
                     'stdout:\n%s' % (needle, out))
    if needle not in err:
      return False, ('stderr does not contain %r; %s, stderr:\n%s' %
                     (needle, describe_exit(rc), err))
    # Errors must not depend on chunking either.
    if os.path.getsize(case.trace) <= CHUNK_CHECK_MAX_BYTES:
      for size in CHUNK_SIZES:
        rc2, _, err2 = run_weft(weft, case, size)
        if rc2 is None or rc2 <= 0 or needle not in err2:
          return False, ('with --read-size %d: %s, stderr:\n%s' %
                         (size, describe_exit(rc2), err2))
    return True, ''

  if rc != 0:
    return False, '%s; stderr:\n%s' % (describe_exit(rc), err)
  problem = check_warning(case, err)
  if problem:
    return False, problem
  actual = normalize(out)
  with open(case.expected, encoding='utf-8') as f:
    expected = normalize(f.read())
  if actual != expected:
    if bless:
      with open(case.expected, 'w', encoding='utf-8') as f:
        f.write(actual)
      return True, 'blessed'
    return False, 'output differs:\n' + unified(expected, actual)
  if os.path.getsize(case.trace) <= CHUNK_CHECK_MAX_BYTES:
    for size in CHUNK_SIZES:
      rc2, out2, err2 = run_weft(weft, case, size)
      if rc2 != 0:
        return False, 'with --read-size %d: %s; stderr:\n%s' % (
            size, describe_exit(rc2), err2)
      chunked = normalize(out2)
      if chunked != actual:
        return False, ('output with --read-size %d differs:\n' % size +
                       unified(actual, chunked, 'default', 'read-size %d' %
                               size))
  return True, ''


def main():
  parser = argparse.ArgumentParser(
      description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument('--weft', default=os.path.join(ROOT, 'out', 'host',
                                                       'weft'))
  parser.add_argument('--filter', default='',
                      help='only run cases whose <area>/<case> contains this')
  parser.add_argument('--bless', action='store_true',
                      help='rewrite expected.csv from the actual output')
  parser.add_argument('-v', '--verbose', action='store_true')
  args = parser.parse_args()

  weft = os.path.abspath(args.weft)
  if not os.access(weft, os.X_OK):
    print('weft binary not found: %s (build with tools/build host)' % weft)
    print('0 passed, 1 failed')
    return 1

  cases, problems = discover(args.filter)
  passed = failed = 0
  if not encode_traces():
    print('FAIL: encoding trace.textproto / trace.fxt.json files failed (is '
          'protoc installed? tools/install-deps)')
    failed += 1
  for name, why in problems:
    print('FAIL %s: %s' % (name, why))
    failed += 1

  with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    futures = [pool.submit(run_case, weft, c, args.bless) for c in cases]
    for case, fut in zip(cases, futures):
      try:
        ok, msg = fut.result()
      except SanitizerReport as e:
        ok, msg = False, str(e)
      except Exception as e:  # pylint: disable=broad-except
        ok, msg = False, 'runner error: %r' % e
      if ok:
        passed += 1
        if msg:
          print('BLESSED %s' % case.name)
        elif args.verbose:
          print('PASS %s' % case.name)
      else:
        failed += 1
        print('FAIL %s: %s' % (case.name, msg.rstrip()))

  print('%d passed, %d failed' % (passed, failed))
  return 0 if failed == 0 else 1


if __name__ == '__main__':
  sys.exit(main())
