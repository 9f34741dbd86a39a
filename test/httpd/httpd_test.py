#!/usr/bin/env python3
"""Drives `weft -D` with raw HTTP and WebSocket requests, as Perfetto's
clients send them, and decodes every response body against
protos/perfetto/trace_processor/trace_processor.proto.

  python3 test/httpd/httpd_test.py [--weft out/host/weft] [unittest args]
"""

import argparse
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rpc_protos  # noqa: E402
import websocket_client as ws  # noqa: E402
from server import WeftServer  # noqa: E402

ROOT = rpc_protos.ROOT
TRACE = os.path.join(ROOT, 'test/data/example_trace.json')
WEFT = os.path.join(ROOT, 'out/host/weft')
P = None  # Message classes, loaded once.
TIMEOUT = 30


def request(port, method, path, body=None, headers=None):
  """Returns (status, headers dict (lower-case names), body bytes)."""
  conn = http.client.HTTPConnection('127.0.0.1', port, timeout=TIMEOUT)
  try:
    conn.request(method, path, body=body, headers=headers or {})
    res = conn.getresponse()
    return res.status, {k.lower(): v for k, v in res.getheaders()}, res.read()
  finally:
    conn.close()


def raw_exchange(port, data):
  """Sends raw bytes; returns everything the server answers until it closes."""
  with socket.create_connection(('127.0.0.1', port), timeout=TIMEOUT) as sock:
    sock.sendall(data)
    out = b''
    while True:
      chunk = sock.recv(65536)
      if not chunk:
        return out
      out += chunk


def send_and_close(port, data):
  with socket.create_connection(('127.0.0.1', port), timeout=TIMEOUT) as sock:
    sock.sendall(data)


def query_args(sql):
  return P.QueryArgs(sql_query=sql).SerializeToString()


def rows(result):
  """The rows of a QueryResult as tuples (ints, floats, strings, None)."""
  cells = []
  types = P.CELL_TYPES
  for batch in result.batch:
    sources = {types['CELL_VARINT']: iter(batch.varint_cells),
               types['CELL_FLOAT64']: iter(batch.float64_cells),
               types['CELL_STRING']: iter(batch.string_cells.split('\0')),
               types['CELL_BLOB']: iter(batch.blob_cells)}
    for cell in batch.cells:
      self_check = cell in sources or cell == types['CELL_NULL']
      assert self_check, f'bad cell type {cell}'
      cells.append(next(sources[cell]) if cell in sources else None)
  n = len(result.column_names)
  return [tuple(cells[i:i + n]) for i in range(0, len(cells), n)]


def trace_bytes():
  with open(TRACE, 'rb') as f:
    return f.read()


class LoadedServerTest(unittest.TestCase):
  """One server; the trace is uploaded in chunks through /parse."""

  @classmethod
  def setUpClass(cls):
    cls.server = WeftServer(WEFT).__enter__()
    cls.port = cls.server.port
    status, _, body = request(cls.port, 'GET', '/status')
    assert status == 200 and P.StatusResult.FromString(body).loaded_trace_name == ''
    data = trace_bytes()
    total = 0
    for i in range(0, len(data), 1000):  # Chunks split JSON tokens anywhere.
      status, headers, body = request(cls.port, 'POST', '/parse', data[i:i + 1000])
      result = P.AppendTraceDataResult.FromString(body)
      assert status == 200 and not result.error, result.error
      total = result.total_bytes_parsed
    assert total == len(data), (total, len(data))
    status, _, body = request(cls.port, 'GET', '/notify_eof')
    assert status == 200 and body == b'', body  # Upstream: an empty body.

  @classmethod
  def tearDownClass(cls):
    cls.server.__exit__(None, None, None)

  def query(self, sql, headers=None):
    status, res_headers, body = request(self.port, 'POST', '/query', query_args(sql), headers)
    self.assertEqual(status, 200)
    self.assertEqual(res_headers['content-type'], 'application/x-protobuf')
    return P.QueryResult.FromString(body)

  def test_status_names_the_loaded_trace(self):
    status, headers, body = request(self.port, 'GET', '/status')
    self.assertEqual(status, 200)
    result = P.StatusResult.FromString(body)
    self.assertEqual(result.loaded_trace_name, 'json')
    self.assertGreater(result.api_version, 0)
    self.assertTrue(result.human_readable_version.startswith('weft'))

  def test_query(self):
    sql = 'select name, dur, ts * 1.5 as f, null as n from slice order by ts, id limit 5'
    result = self.query(sql)
    self.assertEqual(list(result.column_names), ['name', 'dur', 'f', 'n'])
    self.assertEqual(result.error, '')
    self.assertTrue(result.batch[-1].is_last_batch)
    csv = subprocess.run([WEFT, '-Q', sql, TRACE], capture_output=True, text=True,
                         check=True, timeout=TIMEOUT).stdout.splitlines()
    as_csv = [','.join('[NULL]' if v is None else '%f' % v if isinstance(v, float) else str(v)
                       for v in row) for row in rows(result)]
    self.assertEqual(as_csv, [line.replace('"', '') for line in csv[1:]])

  def test_query_returns_the_last_result_set(self):
    result = self.query("create table t as select 1 as a; select 2 as b; select 'x' as c")
    self.assertEqual((list(result.column_names), rows(result)), (['c'], [('x',)]))

  def test_query_error_carries_sqlite_message(self):
    result = self.query('select no_such_column from slice')
    self.assertIn('no_such_column', result.error)

  def test_query_malformed_args(self):
    status, _, body = request(self.port, 'POST', '/query', b'\xff\xff\xff')
    self.assertEqual(status, 200)
    self.assertIn('malformed', P.QueryResult.FromString(body).error)

  def test_compute_metric(self):
    args = P.ComputeMetricArgs(metric_names=['trace_metadata'],
                               format=P.ComputeMetricArgs.TEXTPROTO).SerializeToString()
    status, _, body = request(self.port, 'POST', '/compute_metric', args)
    self.assertEqual(status, 200)
    result = P.ComputeMetricResult.FromString(body)
    self.assertEqual(result.error, '')
    self.assertIn('trace_metadata {', result.metrics_as_prototext)

  def test_compute_metric_unknown_metric(self):
    args = P.ComputeMetricArgs(metric_names=['no_such_metric']).SerializeToString()
    status, _, body = request(self.port, 'POST', '/compute_metric', args)
    self.assertEqual(status, 200)
    result = P.ComputeMetricResult.FromString(body)
    self.assertIn('unknown metric no_such_metric', result.error)
    self.assertFalse(result.HasField('metrics'))

  def test_metatrace(self):
    self.assertEqual(request(self.port, 'GET', '/enable_metatrace')[:3:2], (200, b''))
    status, _, body = request(self.port, 'GET', '/disable_and_read_metatrace')
    self.assertEqual(status, 200)
    P.DisableAndReadMetatraceResult.FromString(body)  # Decodes (empty).

  def test_restore_initial_tables_drops_what_sql_created(self):
    slices = rows(self.query('select count(*) from slice'))
    self.assertEqual(self.query('create table rt as select 1 as a; create view rv as select 2;'
                                'create temp table rtt(x)').error, '')
    status, headers, body = request(self.port, 'POST', '/restore_initial_tables')
    self.assertEqual((status, headers['content-type'], body),
                     (200, 'application/x-protobuf', b''))  # Upstream: an empty body.
    for name in ('rt', 'rv', 'rtt'):
      self.assertIn('no such table: ' + name, self.query(f'select * from {name}').error)
    self.assertEqual(rows(self.query('select count(*) from slice')), slices)
    self.assertEqual(self.query('create table rt(a)').error, '')  # The name is free again.

  def test_rpc_endpoint_speaks_the_stream(self):
    stream = P.TraceProcessorRpcStream()
    msg = stream.msg.add()
    msg.request = P.TraceProcessorRpc.TPM_GET_STATUS
    status, _, body = request(self.port, 'POST', '/rpc', stream.SerializeToString())
    self.assertEqual(status, 200)
    reply = P.TraceProcessorRpcStream.FromString(body)
    self.assertEqual(reply.msg[0].response, P.TraceProcessorRpc.TPM_GET_STATUS)
    self.assertEqual(reply.msg[0].status.loaded_trace_name, 'json')

  def test_unknown_path_and_method(self):
    self.assertEqual(request(self.port, 'GET', '/nope')[0], 404)
    self.assertEqual(request(self.port, 'PUT', '/status', b'')[0], 405)
    self.assertEqual(request(self.port, 'GET', '/websocket')[0], 400)
    status, _, body = request(self.port, 'GET', '/')
    self.assertEqual(status, 200)
    self.assertIn(b'/websocket', body)

  def test_keep_alive_serves_many_requests_on_one_connection(self):
    conn = http.client.HTTPConnection('127.0.0.1', self.port, timeout=TIMEOUT)
    for _ in range(3):
      conn.request('POST', '/query', body=query_args('select 1 as x'))
      self.assertEqual(rows(P.QueryResult.FromString(conn.getresponse().read())), [(1,)])
    conn.close()

  def test_cors_allowed_origins(self):
    for origin in ('https://ui.perfetto.dev', 'http://localhost:8000', 'http://127.0.0.1:3000'):
      status, headers, _ = request(self.port, 'GET', '/status', headers={'Origin': origin})
      self.assertEqual(status, 200)
      self.assertEqual(headers['access-control-allow-origin'], origin)
    status, headers, _ = request(
        self.port, 'OPTIONS', '/query',
        headers={'Origin': 'https://ui.perfetto.dev', 'Access-Control-Request-Method': 'POST',
                 'Access-Control-Request-Private-Network': 'true'})
    self.assertEqual(status, 204)
    self.assertIn('POST', headers['access-control-allow-methods'])
    self.assertEqual(headers['access-control-allow-private-network'], 'true')

  def test_bad_origin_is_refused_before_running_anything(self):
    for origin in ('https://evil.example', 'http://localhost.evil.example', 'null'):
      status, headers, body = request(self.port, 'POST', '/query',
                                      query_args('create table evil as select 1'),
                                      headers={'Origin': origin})
      self.assertEqual(status, 403, origin)
      self.assertIn(b'Origin not allowed', body)
      self.assertNotIn('access-control-allow-origin', headers)
    self.assertIn('no such table', self.query('select * from evil').error)

  def test_bad_host_is_refused(self):
    status, _, body = request(self.port, 'GET', '/status', headers={'Host': 'evil.example:9001'})
    self.assertEqual(status, 403)
    self.assertIn(b'Host not allowed', body)

  def test_malformed_http_gets_400_and_server_survives(self):
    for junk in (b'GARBAGE\r\n\r\n', b'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n',
                 b'POST /query HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
                 b'\x00\x01\x02\r\n\r\n'):
      answer = raw_exchange(self.port, junk)
      self.assertTrue(answer.startswith(b'HTTP/1.1 400'), (junk, answer[:80]))
    self.assertEqual(self.query('select 1').error, '')

  def test_huge_headers_get_431(self):
    answer = raw_exchange(self.port, b'GET /status HTTP/1.1\r\nHost: localhost\r\nX-Big: ' +
                          b'a' * (100 * 1024) + b'\r\n\r\n')
    self.assertTrue(answer.startswith(b'HTTP/1.1 431'), answer[:80])

  def test_half_request_then_close_does_not_crash(self):
    send_and_close(self.port, b'POST /parse HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nab')
    self.assertEqual(self.query('select 1').error, '')

  def test_sql_cannot_touch_files(self):
    with tempfile.TemporaryDirectory() as tmp:
      path = os.path.join(tmp, 'x.db')
      self.assertIn('unable to open', self.query(f"attach database '{path}' as x").error)
      self.assertNotEqual(self.query(f"vacuum into '{path}'").error, '')
      self.assertFalse(os.path.exists(path))
      self.assertIn('no such function', self.query("select load_extension('x')").error)
      self.assertIn('no such function', self.query(f"select readfile('{TRACE}')").error)
      self.assertIn('no such function', self.query(f"select writefile('{path}', 'x')").error)

  def test_websocket_query(self):
    sock, status, headers, rest = ws.handshake(self.port, origin='https://ui.perfetto.dev')
    with sock:
      self.assertIn(' 101 ', status)
      stream = P.TraceProcessorRpcStream()
      msg = stream.msg.add()
      msg.seq = 1
      msg.request = P.TraceProcessorRpc.TPM_QUERY_STREAMING
      msg.query_args.sql_query = 'select count(*) as n from slice'
      data = stream.SerializeToString()
      ws.send_binary(sock, data[:5])  # The Rpc reassembles split requests.
      ws.send_binary(sock, data[5:])
      reader = ws.FrameReader(sock, rest)
      received = b''
      while True:
        opcode, payload = reader.frame()
        self.assertEqual(opcode, 0x2)  # Binary.
        received += payload
        reply = P.TraceProcessorRpcStream.FromString(received)
        last = reply.msg[-1]
        if last.query_result.batch and last.query_result.batch[-1].is_last_batch:
          break
      self.assertEqual(last.response, P.TraceProcessorRpc.TPM_QUERY_STREAMING)
      result = P.QueryResult()
      for m in reply.msg:
        result.MergeFrom(m.query_result)
      self.assertEqual(list(result.column_names), ['n'])
      self.assertEqual(rows(result), [(rows(self.query('select count(*) from slice'))[0][0],)])

  def test_websocket_bad_origin_refused(self):
    sock, status, _, _ = ws.handshake(self.port, origin='https://evil.example')
    sock.close()
    self.assertIn(' 403 ', status)

  def test_websocket_wrong_path(self):
    sock, status, _, _ = ws.handshake(self.port, path='/status')
    sock.close()
    self.assertNotIn(' 101 ', status)


class LimitsTest(unittest.TestCase):
  """A server with a 1 MiB body cap."""

  @classmethod
  def setUpClass(cls):
    cls.server = WeftServer(WEFT, ['--http-max-body-mb', '1']).__enter__()

  @classmethod
  def tearDownClass(cls):
    cls.server.__exit__(None, None, None)

  def test_large_body_gets_413(self):
    answer = raw_exchange(self.server.port,
                          b'POST /parse HTTP/1.1\r\nHost: localhost\r\n'
                          b'Content-Length: 2000000\r\n\r\n')
    self.assertTrue(answer.startswith(b'HTTP/1.1 413'), answer[:80])
    self.assertIn(b'limit', answer)
    self.assertEqual(request(self.server.port, 'POST', '/parse', b'x' * 1000)[0], 200)

  def test_large_websocket_message_closes_with_1009(self):
    sock, status, _, rest = ws.handshake(self.server.port)
    with sock:
      self.assertIn(' 101 ', status)
      # Only the frame's header: the server refuses the message by its
      # announced length, so the test does not race the close while the
      # payload is still being sent.
      sock.sendall(bytes([0x82, 0x80 | 127]) + ((1 << 20) + 1).to_bytes(8, 'big') + b'mask')
      opcode, payload = ws.FrameReader(sock, rest).frame()
      self.assertEqual(opcode, 0x8)  # Close.
      self.assertEqual(int.from_bytes(payload[:2], 'big'), 1009)


class CommandLineTest(unittest.TestCase):

  def test_trace_on_command_line_is_loaded_before_serving(self):
    with WeftServer(WEFT, [TRACE]) as server:
      status, _, body = request(server.port, 'GET', '/status')
      self.assertEqual(P.StatusResult.FromString(body).loaded_trace_name, 'json')
      self.assertEqual(server.host, '127.0.0.1')  # Loopback by default.

  def test_one_trace_per_server(self):
    with WeftServer(WEFT, [TRACE]) as server:
      status, _, body = request(server.port, 'POST', '/parse', trace_bytes())
      self.assertEqual(status, 200)
      self.assertIn('already finalized', P.AppendTraceDataResult.FromString(body).error)
      _, _, body = request(server.port, 'POST', '/query', query_args('select count(*) from slice'))
      self.assertEqual(P.QueryResult.FromString(body).error, '')

  def test_perfetto_client_flags_accepted(self):
    with WeftServer(WEFT, ['--no-ftrace-raw', '--dev', '--some-future-flag']) as server:
      self.assertEqual(request(server.port, 'GET', '/status')[0], 200)
      self.assertIn(b'ignoring unknown option --some-future-flag', server.stderr())

  def test_allow_sql_file_access(self):
    with tempfile.TemporaryDirectory() as tmp, \
        WeftServer(WEFT, ['--allow-sql-file-access']) as server:
      path = os.path.join(tmp, 'x.db')
      _, _, body = request(server.port, 'POST', '/query', query_args(f"vacuum into '{path}'"))
      self.assertEqual(P.QueryResult.FromString(body).error, '')
      self.assertTrue(os.path.exists(path))

  def test_additional_cors_origins(self):
    with WeftServer(WEFT, ['--http-additional-cors-origins', 'https://a.example']) as server:
      status, headers, _ = request(server.port, 'GET', '/status',
                                   headers={'Origin': 'https://a.example'})
      self.assertEqual((status, headers['access-control-allow-origin']),
                       (200, 'https://a.example'))

  def test_bad_trace_fails_before_serving(self):
    with tempfile.NamedTemporaryFile(suffix='.json') as bad:
      bad.write(b'{"traceEvents": [{]')
      bad.flush()
      server = WeftServer(WEFT, [bad.name], start_timeout=10)
      with self.assertRaises(RuntimeError):
        server.__enter__()

  def test_sigterm_stops_cleanly(self):
    server = WeftServer(WEFT).__enter__()
    self.assertEqual(server.stop(), 0)
    server.__exit__(None, None, None)


def main():
  global WEFT, P
  ap = argparse.ArgumentParser()
  ap.add_argument('--weft', default=WEFT)
  args, rest = ap.parse_known_args()
  WEFT = os.path.abspath(args.weft)
  P = rpc_protos.load()
  unittest.main(argv=[sys.argv[0]] + rest)


if __name__ == '__main__':
  main()
