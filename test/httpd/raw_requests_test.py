#!/usr/bin/env python3
"""Perfetto's RPC conformance of `weft -D` with recorded request bytes.

Every request is written out byte for byte, as Perfetto's clients put it on
the wire: the Python client's HTTP requests (GET /status, POST /parse in
chunks, GET /notify_eof, POST /query, POST /compute_metric,
/restore_initial_tables, the metatrace pair) and the UI's
TraceProcessorRpcStream over /websocket. The answers are decoded with the
classes compiled from the repository's trace_processor.proto and their
fields checked; one test proves the recorded bytes are exactly what
protobuf encodes for the intended messages.

  python3 test/httpd/raw_requests_test.py [--weft out/host/weft]
"""

import argparse
import http.client
import os
import socket
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rpc_protos  # noqa: E402
import websocket_client as ws  # noqa: E402
from server import WeftServer  # noqa: E402

TRACE = os.path.join(rpc_protos.ROOT, 'test/data/example_trace.json')
WEFT = os.path.join(rpc_protos.ROOT, 'out/host/weft')
P = None
TIMEOUT = 30


def varint(n):
  out = b''
  while n >= 0x80:
    out += bytes([n & 0x7f | 0x80])
    n >>= 7
  return out + bytes([n])


def length_delimited(tag_bytes, payload):
  return tag_bytes + varint(len(payload)) + payload


# QueryArgs {sql_query (1)}.
def query_args(sql):
  return length_delimited(b'\x0a', sql)


# TraceProcessorRpc messages as the UI sends them: seq (1), request (2),
# then append_trace_data (101), query_args (103). Each framed as
# TraceProcessorRpcStream.msg (1).
def rpc(inner):
  return length_delimited(b'\x0a', inner)


def rpc_status(seq):
  return rpc(b'\x08' + varint(seq) + b'\x10\x0a')  # TPM_GET_STATUS = 10


def rpc_reset(seq):
  return rpc(b'\x08' + varint(seq) + b'\x10\x0b')  # TPM_RESET_TRACE_PROCESSOR = 11


def rpc_append(seq, chunk):
  return rpc(b'\x08' + varint(seq) + b'\x10\x01' + length_delimited(b'\xaa\x06', chunk))


def rpc_finalize(seq):
  return rpc(b'\x08' + varint(seq) + b'\x10\x02')  # TPM_FINALIZE_TRACE_DATA = 2


def rpc_query(seq, sql):
  return rpc(b'\x08' + varint(seq) + b'\x10\x03' + length_delimited(b'\xba\x06', query_args(sql)))


def rpc_restore(seq):
  return rpc(b'\x08' + varint(seq) + b'\x10\x07')  # TPM_RESTORE_INITIAL_TABLES = 7


def rpc_method(seq, method):
  return rpc(b'\x08' + varint(seq) + b'\x10' + varint(method))


def http_request(port, method, path, body=b''):
  """Sends one request as Perfetto's Python client (http.client) writes it."""
  head = (f'{method} {path} HTTP/1.1\r\nHost: localhost:{port}\r\n'
          'Accept-Encoding: identity\r\n').encode()
  if method == 'POST':
    head += b'Content-Length: %d\r\n' % len(body)
  with socket.create_connection(('127.0.0.1', port), timeout=TIMEOUT) as sock:
    sock.sendall(head + b'\r\n' + body)
    res = http.client.HTTPResponse(sock)
    res.begin()
    return res.status, res.getheader('Content-Type'), res.read()


def rows(result):
  types = P.CELL_TYPES
  values = []
  for batch in result.batch:
    it = {types['CELL_VARINT']: iter(batch.varint_cells),
          types['CELL_STRING']: iter(batch.string_cells.split('\0'))}
    values += [next(it[c]) if c in it else None for c in batch.cells]
  n = len(result.column_names)
  return [tuple(values[i:i + n]) for i in range(0, len(values), n)]


class RecordedBytesTest(unittest.TestCase):

  def test_recorded_bytes_are_the_protocol_encoding(self):
    m = P.TraceProcessorRpcStream()
    q = m.msg.add(seq=6, request=P.TraceProcessorRpc.TPM_QUERY_STREAMING)
    q.query_args.sql_query = 'select 1'
    m.msg.add(seq=3, request=P.TraceProcessorRpc.TPM_APPEND_TRACE_DATA, append_trace_data=b'[]')
    m.msg.add(seq=8, request=P.TraceProcessorRpc.TPM_RESTORE_INITIAL_TABLES)
    m.msg.add(seq=1, request=P.TraceProcessorRpc.TPM_GET_STATUS)
    m.msg.add(seq=2, request=P.TraceProcessorRpc.TPM_RESET_TRACE_PROCESSOR)
    m.msg.add(seq=5, request=P.TraceProcessorRpc.TPM_FINALIZE_TRACE_DATA)
    recorded = (rpc_query(6, b'select 1') + rpc_append(3, b'[]') + rpc_restore(8) +
                rpc_status(1) + rpc_reset(2) + rpc_finalize(5))
    self.assertEqual(recorded, m.SerializeToString())


class HttpRecordedTest(unittest.TestCase):
  """Perfetto's Python client session: status, parse in chunks, eof, query..."""

  def test_client_session(self):
    with WeftServer(WEFT) as server:
      port = server.port
      status, ctype, body = http_request(port, 'GET', '/status')
      self.assertEqual((status, ctype), (200, 'application/x-protobuf'))
      self.assertEqual(P.StatusResult.FromString(body).loaded_trace_name, '')
      with open(TRACE, 'rb') as f:
        data = f.read()
      for i in range(0, len(data), 4096):
        status, _, body = http_request(port, 'POST', '/parse', data[i:i + 4096])
        self.assertEqual(status, 200)
        self.assertEqual(P.AppendTraceDataResult.FromString(body).error, '')
      self.assertEqual(http_request(port, 'GET', '/notify_eof')[::2], (200, b''))
      self.assertEqual(P.StatusResult.FromString(http_request(port, 'GET', '/status')[2])
                       .loaded_trace_name, 'json')

      _, _, body = http_request(port, 'POST', '/query',
                                query_args(b'create table k as select 7 as a; select a from k'))
      result = P.QueryResult.FromString(body)
      self.assertEqual((list(result.column_names), rows(result), result.error), (['a'], [(7,)], ''))
      self.assertTrue(result.batch[-1].is_last_batch)
      _, _, body = http_request(port, 'POST', '/query', query_args(b'select * from nope'))
      self.assertIn('no such table: nope', P.QueryResult.FromString(body).error)

      # ComputeMetricArgs {metric_names (1): "trace_stats"}.
      _, _, body = http_request(port, 'POST', '/compute_metric',
                                length_delimited(b'\x0a', b'trace_stats'))
      metric = P.ComputeMetricResult.FromString(body)
      self.assertTrue(metric.error or metric.HasField('metrics'))

      self.assertEqual(http_request(port, 'GET', '/restore_initial_tables')[::2], (200, b''))
      _, _, body = http_request(port, 'POST', '/query', query_args(b'select a from k'))
      self.assertIn('no such table: k', P.QueryResult.FromString(body).error)

      self.assertEqual(http_request(port, 'POST', '/enable_metatrace', b'')[::2], (200, b''))
      status, _, body = http_request(port, 'GET', '/disable_and_read_metatrace')
      self.assertEqual(status, 200)
      P.DisableAndReadMetatraceResult.FromString(body)


class WebsocketRecordedTest(unittest.TestCase):
  """The Perfetto UI's native acceleration: the RPC stream over /websocket."""

  def exchange(self, sock, reader, data, expected_messages):
    """Sends |data| in 3 pieces; returns the decoded response messages."""
    third = max(1, len(data) // 3)
    for i in range(0, len(data), third):
      ws.send_binary(sock, data[i:i + third])
    received = b''
    while True:
      opcode, payload = reader.frame()
      self.assertEqual(opcode, 0x2)
      received += payload
      msgs = P.TraceProcessorRpcStream.FromString(received).msg
      done = [m for m in msgs if not m.HasField('query_result') or
              (m.query_result.batch and m.query_result.batch[-1].is_last_batch) or
              m.query_result.error]
      if len(done) >= expected_messages:
        return msgs

  def test_ui_session(self):
    with open(TRACE, 'rb') as f:
      data = f.read()
    half = len(data) // 2
    M = P.TraceProcessorRpc
    with WeftServer(WEFT) as server:
      sock, status, _, rest = ws.handshake(server.port, origin='https://ui.perfetto.dev')
      with sock:
        self.assertIn(' 101 ', status)
        reader = ws.FrameReader(sock, rest)
        msgs = self.exchange(sock, reader, (
            rpc_status(1) + rpc_reset(2) + rpc_append(3, data[:half]) +
            rpc_append(4, data[half:]) + rpc_finalize(5) +
            rpc_query(6, b'create table k(a); select count(*) as n from slice') +
            rpc_restore(7) + rpc_query(8, b'select * from k') + rpc_method(9, 99) +
            rpc_status(10)), 10)
        self.assertEqual([m.seq for m in msgs], list(range(1, len(msgs) + 1)))
        responses = [m.response for m in msgs if m.HasField('response')]
        self.assertEqual(responses, [
            M.TPM_GET_STATUS, M.TPM_RESET_TRACE_PROCESSOR, M.TPM_APPEND_TRACE_DATA,
            M.TPM_APPEND_TRACE_DATA, M.TPM_FINALIZE_TRACE_DATA, M.TPM_QUERY_STREAMING,
            M.TPM_RESTORE_INITIAL_TABLES, M.TPM_QUERY_STREAMING, M.TPM_GET_STATUS])
        self.assertEqual(msgs[3].append_result.total_bytes_parsed, len(data))
        self.assertEqual(msgs[4].finalize_data_result.error, '')
        self.assertEqual(rows(msgs[5].query_result)[0][0] > 0, True)
        self.assertIn('no such table: k', msgs[7].query_result.error)
        # invalid_request (4) = 99: an enum value the .proto does not name, so
        # protobuf keeps it as an unknown field; it is still on the wire.
        self.assertIn(b'\x20' + varint(99), msgs[8].SerializeToString())
        self.assertEqual(msgs[9].status.loaded_trace_name, 'json')


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
