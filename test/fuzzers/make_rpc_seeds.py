#!/usr/bin/env python3
"""Writes the rpc_fuzzer seed corpus (test/fuzzers/corpus/rpc/).

  test/fuzzers/make_rpc_seeds.py

Each seed is one mode byte (rpc_fuzzer.cc: 0 = one TraceProcessorRpc
message, 1 = raw TraceProcessorRpcStream bytes) and the request bytes,
encoded with protoc from the textprotos below. The trace data appended
comes from the importer seed corpora.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, 'test', 'fuzzers', 'corpus', 'rpc')
PROTO = 'protos/perfetto/trace_processor/trace_processor.proto'
SINGLE, STREAM = b'\x00', b'\x01'


def read(path):
  with open(os.path.join(ROOT, path), 'rb') as f:
    return f.read()


def text_bytes(data):
  """|data| as a textproto string literal."""
  return '"' + ''.join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\'
                       else '\\%03o' % b for b in data) + '"'


def append(data):
  return 'request: TPM_APPEND_TRACE_DATA append_trace_data: ' + text_bytes(data)


def query(sql):
  return 'request: TPM_QUERY_STREAMING query_args { sql_query: %s }' % text_bytes(sql.encode())


FINALIZE = 'request: TPM_FINALIZE_TRACE_DATA'
STATUS = 'request: TPM_GET_STATUS'
JSON_TRACE = read('test/fuzzers/corpus/json/01_example.json')
PROTO_TRACE = read('test/fuzzers/corpus/proto/atrace_print.pb')
FXT_TRACE = read('test/fuzzers/corpus/fxt/durations.fxt')
EVERY_CELL_TYPE = "select 1 as i, 2.5 as f, 'text' as s, null as n, x'00ff' as b"

# name -> one request (single mode)
SINGLE_SEEDS = {
    'status': STATUS,
    'query': query(EVERY_CELL_TYPE),
    'query_error': query('select * from no_such_table'),
    'append': append(JSON_TRACE),
    'finalize': FINALIZE,
    'reset': 'request: TPM_RESET_TRACE_PROCESSOR reset_trace_processor_args '
             '{ weft_full_sort: true analyze_trace_proto_content: true }',
    'unimplemented_method': 'request: TPM_COMPUTE_METRIC',
}

# name -> requests in one stream (stream mode)
STREAM_SEEDS = {
    'session_json': [append(JSON_TRACE[:700]), append(JSON_TRACE[700:]), FINALIZE,
                     query('select ts, dur, depth, name from slice order by ts'),
                     query('select key, int_value, string_value from args limit 20'),
                     STATUS],
    'session_proto': [append(PROTO_TRACE), FINALIZE,
                      query('select * from thread; select count(*) from slice'), STATUS],
    'session_fxt': [append(FXT_TRACE), FINALIZE, query('select * from track'), STATUS],
    'query_before_eof': [append(JSON_TRACE), query('select count(*) from slice'),
                         FINALIZE, query('select count(*) from slice')],
    'reset_and_reload': [append(JSON_TRACE), FINALIZE,
                         'request: TPM_RESET_TRACE_PROCESSOR', append(PROTO_TRACE),
                         FINALIZE, query(EVERY_CELL_TYPE), STATUS],
}


def encode(message, text):
  p = subprocess.run(['protoc', '--encode=perfetto.protos.' + message, '-I', '.', PROTO],
                     input=text.encode(), capture_output=True, cwd=ROOT)
  if p.returncode != 0:
    sys.exit('make_rpc_seeds: protoc failed on %r: %s' % (text[:80], p.stderr.decode()))
  return p.stdout


def main():
  shutil.rmtree(OUT, ignore_errors=True)
  os.makedirs(OUT)
  seeds = {}
  for name, request in SINGLE_SEEDS.items():
    seeds['single_' + name] = SINGLE + encode('TraceProcessorRpc', 'seq: 1 ' + request)
  for name, requests in STREAM_SEEDS.items():
    text = ' '.join('msg { seq: %d %s }' % (i + 1, r) for i, r in enumerate(requests))
    seeds['stream_' + name] = STREAM + encode('TraceProcessorRpcStream', text)
  for name, data in sorted(seeds.items()):
    with open(os.path.join(OUT, name + '.bin'), 'wb') as f:
      f.write(data)
  print('make_rpc_seeds: %d seeds in %s' % (len(seeds), os.path.relpath(OUT, ROOT)))


if __name__ == '__main__':
  main()
