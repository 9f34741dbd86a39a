#!/usr/bin/env python3
"""weft's alert counts per kind against the DevTools trace engine's warnings.

For every public DevTools fixture (../shared/corpus/chrome/*.json.gz, or
--corpus DIR), runs the pinned engine (warnings_oracle.mjs, Node) and
`weft -Q "select kind, count(*) from alert group by kind"`, and fails unless
the counts of DevTools' four kinds are equal. A check that cannot run (no
fixtures, no Node, no engine) fails.
"""
import argparse
import csv
import glob
import io
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KINDS = ['long_task', 'forced_reflow', 'idle_callback_over_time', 'long_interaction']
QUERY = 'select kind, count(*) as n from alert group by kind'


def oracle_counts(path):
  out = subprocess.run(['node', os.path.join(HERE, 'warnings_oracle.mjs'), path],
                       cwd=HERE, capture_output=True, text=True, timeout=300)
  if out.returncode != 0:
    raise RuntimeError(f'oracle failed on {path}: {out.stderr[-500:]}')
  return json.loads(out.stdout.strip().splitlines()[-1])


def weft_counts(weft, path):
  out = subprocess.run([weft, '-Q', QUERY, path], capture_output=True, text=True, timeout=300)
  if out.returncode != 0:
    raise RuntimeError(f'weft failed on {path}: {out.stderr[-500:]}')
  counts = {k: 0 for k in KINDS}
  for row in csv.DictReader(io.StringIO(out.stdout)):
    counts[row['kind']] = int(row['n'])
  return counts


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument('--weft', default=os.path.join(ROOT, 'out/host/weft'))
  parser.add_argument('--corpus', default=os.path.join(ROOT, '..', '..', 'shared', 'corpus',
                                                       'chrome'))
  args = parser.parse_args()
  if not os.path.isdir(args.corpus):
    args.corpus = '/work/shared/corpus/chrome'
  fixtures = sorted(glob.glob(os.path.join(args.corpus, '*.json.gz')))
  if not fixtures:
    print(f'FAIL: no DevTools fixtures in {args.corpus}')
    return 1
  if not os.path.isdir(os.path.join(HERE, 'node_modules', '@paulirish', 'trace_engine')):
    print('FAIL: the DevTools engine is not installed (run tools/install-deps)')
    return 1
  failed = 0
  total = {k: 0 for k in KINDS}
  for path in fixtures:
    name = os.path.basename(path)
    try:
      want, got = oracle_counts(path), weft_counts(args.weft, path)
    except (RuntimeError, subprocess.TimeoutExpired, ValueError) as e:
      print(f'FAIL {name}: {e}')
      failed += 1
      continue
    diffs = [k for k in KINDS if want.get(k, 0) != got[k]]
    for k in KINDS:
      total[k] += got[k]
    shown = ' '.join(f'{k}={got[k]}' + (f'(devtools {want.get(k, 0)})' if k in diffs else '')
                     for k in KINDS)
    print(f'{"FAIL" if diffs else "ok  "} {name}: {shown}')
    failed += bool(diffs)
  print(f'{len(fixtures) - failed} of {len(fixtures)} fixtures match DevTools; alerts: ' +
        ' '.join(f'{k}={v}' for k, v in total.items()))
  return 1 if failed else 0


if __name__ == '__main__':
  sys.exit(main())
