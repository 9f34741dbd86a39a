#!/usr/bin/env python3
"""Tests of the Python package python/weft/ against out/host/weft.

  python3 test/python/weft_api_test.py [--weft out/host/weft] [unittest args]

Runs with Debian's python3 + python3-protobuf (+ python3-pandas).
"""

import argparse
import io
import os
import subprocess
import sys
import threading
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'python'))
sys.path.insert(0, os.path.join(ROOT, 'test', 'httpd'))

from weft import (TraceProcessor, TraceProcessorConfig, TraceProcessorException,  # noqa: E402
                  TraceProcessorHttp)
from server import WeftServer  # noqa: E402

TRACE = os.path.join(ROOT, 'test/data/example_trace.json')
WEFT = os.path.join(ROOT, 'out/host/weft')
FIRST_TWO = "select name, dur from slice order by ts, id limit 2"


def config():
  return TraceProcessorConfig(bin_path=WEFT, load_timeout=30)


class TraceProcessorTest(unittest.TestCase):

  @classmethod
  def setUpClass(cls):
    cls.tp = TraceProcessor(trace=TRACE, config=config())

  @classmethod
  def tearDownClass(cls):
    cls.tp.close()

  def test_rows_have_attributes(self):
    rows = list(self.tp.query(FIRST_TWO))
    self.assertEqual([(r.name, r.dur) for r in rows],
                     [('RunTask', 900000), ('Navigation', 1550000)])

  def test_types_and_nulls(self):
    row = next(iter(self.tp.query("select 1 as i, 2.5 as f, 'x' as s, null as n, x'00ff' as b")))
    self.assertEqual((row.i, row.f, row.s, row.n, row.b), (1, 2.5, 'x', None, b'\x00\xff'))

  def test_dataframe(self):
    df = self.tp.query(FIRST_TWO).as_pandas_dataframe()
    self.assertEqual(list(df.columns), ['name', 'dur'])
    self.assertEqual(df['dur'].tolist(), [900000, 1550000])

  def test_empty_result(self):
    result = self.tp.query('select * from slice where 0')
    self.assertEqual(list(result), [])
    self.assertIn('name', result.as_pandas_dataframe().columns)

  def test_sql_error_raises_with_weft_message(self):
    with self.assertRaises(TraceProcessorException) as ctx:
      self.tp.query('select no_such_column from slice')
    self.assertIn('no_such_column', str(ctx.exception))

  def test_metric_returns_decoded_trace_metrics(self):
    metrics = self.tp.metric(['trace_metadata'])
    self.assertTrue(metrics.HasField('trace_metadata'))
    self.assertGreater(metrics.trace_metadata.trace_duration_ns, 0)

  def test_unknown_metric_raises(self):
    with self.assertRaises(TraceProcessorException) as ctx:
      self.tp.metric(['no_such_metric'])
    self.assertIn('no_such_metric', str(ctx.exception))

  def test_matches_the_shell(self):
    sql = 'select count(*) as n, sum(dur) as d from slice'
    out = subprocess.run([WEFT, '-Q', sql, TRACE], capture_output=True, text=True,
                         check=True, timeout=60).stdout.splitlines()
    row = next(iter(self.tp.query(sql)))
    self.assertEqual(out[1], '%d,%d' % (row.n, row.d))


class InputsTest(unittest.TestCase):

  def expect_loaded(self, tp):
    self.assertEqual(next(iter(tp.query(FIRST_TWO))).name, 'RunTask')

  def test_bytes(self):
    with open(TRACE, 'rb') as f, TraceProcessor(trace=f.read(), config=config()) as tp:
      self.expect_loaded(tp)

  def test_file_object_and_file_path_keyword(self):
    with open(TRACE, 'rb') as f:
      data = f.read()
    with TraceProcessor(trace=io.BytesIO(data), config=config()) as tp:
      self.expect_loaded(tp)
    with TraceProcessor(file_path=TRACE, config=config()) as tp:  # Seed 001's keyword.
      self.expect_loaded(tp)

  def test_bad_trace_raises(self):
    with self.assertRaises(TraceProcessorException):
      TraceProcessor(trace=b'{"traceEvents": [{]', config=config())

  def test_missing_binary(self):
    with self.assertRaises(FileNotFoundError):
      TraceProcessor(trace=TRACE, config=TraceProcessorConfig(bin_path='/nonexistent/weft'))

  def test_close_stops_the_server(self):
    tp = TraceProcessor(trace=TRACE, config=config())
    proc = tp._process.proc
    tp.close()
    self.assertIsNotNone(proc.poll())


class AddrModeTest(unittest.TestCase):

  def test_existing_server(self):
    with WeftServer(WEFT, [TRACE]) as server:
      addr = '127.0.0.1:%d' % server.port
      with TraceProcessor(addr=addr) as tp:
        self.assertEqual(len(tp.query(FIRST_TWO)), 2)
      http = TraceProcessorHttp(addr)
      self.assertEqual(http.status().loaded_trace_name, 'json')
      result = http.execute_query('select 1 as x')
      self.assertEqual(list(result.column_names), ['x'])
      self.assertIn('unknown metric m', http.compute_metric(['m']).error)
      http.close()

  def test_load_into_existing_server(self):
    with WeftServer(WEFT) as server:
      with TraceProcessor(trace=TRACE, addr='127.0.0.1:%d' % server.port) as tp:
        self.assertEqual(len(tp.query(FIRST_TWO)), 2)


class ConcurrencyTest(unittest.TestCase):

  def test_two_servers_at_once(self):
    """Two TraceProcessors (two weft processes, two ports) queried from two
    threads at the same time, each seeing its own trace."""
    other = b'{"traceEvents": [{"name": "Only", "ph": "X", "ts": 1, "dur": 5, "pid": 1, "tid": 1}]}'
    with TraceProcessor(trace=TRACE, config=config()) as a, \
        TraceProcessor(trace=other, config=config()) as b:
      self.assertNotEqual(a.http.url, b.http.url)
      results = {}

      def run(name, tp):
        results[name] = [next(iter(tp.query('select count(*) as n from slice'))).n
                         for _ in range(20)]

      threads = [threading.Thread(target=run, args=('a', a)),
                 threading.Thread(target=run, args=('b', b))]
      for t in threads:
        t.start()
      for t in threads:
        t.join(timeout=120)
      self.assertEqual(set(results['b']), {1})
      self.assertEqual(len(set(results['a'])), 1)
      self.assertGreater(results['a'][0], 1)


def main():
  global WEFT
  ap = argparse.ArgumentParser()
  ap.add_argument('--weft', default=WEFT)
  args, rest = ap.parse_known_args()
  WEFT = os.path.abspath(args.weft)
  unittest.main(argv=[sys.argv[0]] + rest)


if __name__ == '__main__':
  main()
