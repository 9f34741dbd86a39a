#!/usr/bin/env python3
"""Tests of weft.batch.BatchTraceProcessor over ../shared/corpus: locally
and on a Dask LocalCluster with 2 workers; each trace's rows must match the
shell's, and a trace weft cannot load is reported without losing the rest.

  python3 test/python/batch_test.py [--weft out/host/weft] [--corpus DIR]
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'python'))

from weft import TraceProcessorConfig  # noqa: E402
from weft.batch import BatchTraceProcessor, BatchTraceProcessorConfig  # noqa: E402

WEFT = os.path.join(ROOT, 'out/host/weft')
CORPUS = os.path.join(os.path.dirname(ROOT), 'shared', 'corpus')
SQL = 'select count(*) as n, ifnull(sum(dur), 0) as total_dur from slice'
TRACES = []
BAD_TRACE = None  # Not a trace: must fail alone.


def shell_answer(trace):
  """(n, total_dur) from `weft -Q`, or None if the shell fails too."""
  out = subprocess.run([WEFT, '-Q', SQL, trace], capture_output=True, text=True, timeout=120)
  if out.returncode != 0:
    return None
  n, total = out.stdout.splitlines()[1].split(',')
  return int(n), int(total)


class BatchTest(unittest.TestCase):

  @classmethod
  def setUpClass(cls):
    cls.expected = {t: shell_answer(t) for t in TRACES}
    cls.config = BatchTraceProcessorConfig(
        tp_config=TraceProcessorConfig(bin_path=WEFT, load_timeout=60), max_workers=2)

  def check(self, btp):
    df = btp.query(SQL)
    self.assertEqual(list(df.columns), ['trace', 'n', 'total_dur'])
    got = {row.trace: (row.n, row.total_dur) for row in df.itertuples()}
    failed = dict(btp.failures)
    self.assertIn(BAD_TRACE, failed)
    for trace in TRACES:
      if self.expected[trace] is None:
        self.assertIn(trace, failed)
      else:
        self.assertEqual(got.get(trace), self.expected[trace], (trace, failed.get(trace)))
    self.assertGreater(len(got), len(TRACES) // 2)

  def test_local_pool(self):
    self.check(BatchTraceProcessor(TRACES + [BAD_TRACE], config=self.config))

  def test_query_iter_reports_each_trace(self):
    results = list(BatchTraceProcessor(TRACES[:3] + [BAD_TRACE], config=self.config)
                   .query_iter('select 1 as one'))
    self.assertEqual(sorted(r.trace for r in results), sorted(TRACES[:3] + [BAD_TRACE]))
    bad = [r for r in results if r.trace == BAD_TRACE][0]
    self.assertIsNotNone(bad.error)

  def test_dask_local_cluster(self):
    import distributed
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host='127.0.0.1', dashboard_address=None) as cluster, \
        distributed.Client(cluster, timeout=60) as client:
      self.assertEqual(len(client.scheduler_info()['workers']), 2)
      self.check(BatchTraceProcessor(TRACES + [BAD_TRACE], config=self.config, client=client))


def main():
  global WEFT, CORPUS, TRACES, BAD_TRACE
  ap = argparse.ArgumentParser()
  ap.add_argument('--weft', default=WEFT)
  ap.add_argument('--corpus', default=CORPUS)
  args, rest = ap.parse_known_args()
  WEFT = os.path.abspath(args.weft)
  corpus = os.path.abspath(args.corpus)
  TRACES = sorted(glob.glob(os.path.join(corpus, 'catapult_json', '*')) +
                  glob.glob(os.path.join(corpus, 'chrome', '*.json.gz')) +
                  glob.glob(os.path.join(corpus, 'fxt', '*')))
  if not TRACES:
    print(f'batch_test: no traces in {corpus}', file=sys.stderr)
    return 1
  tmp = tempfile.TemporaryDirectory()
  BAD_TRACE = os.path.join(tmp.name, 'not_a_trace.json')
  with open(BAD_TRACE, 'w') as f:
    f.write('{"traceEvents": [{]')
  # PYTHONPATH lets the Dask workers import weft.
  os.environ['PYTHONPATH'] = os.path.join(ROOT, 'python') + os.pathsep + os.environ.get(
      'PYTHONPATH', '')
  program = unittest.main(argv=[sys.argv[0]] + rest, exit=False)
  tmp.cleanup()
  return 0 if program.result.wasSuccessful() else 1


if __name__ == '__main__':
  sys.exit(main())
