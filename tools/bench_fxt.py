"""Fuchsia trace (FXT) ingest benchmark with scheduling records, used by
tools/bench (--fxt-only).

A ~200 MB trace made once with tools/gen_fxt_trace.py (deterministic; 4
providers, 8 CPUs: duration / instant / counter events, context switches in
both layouts, thread wakeups, log records), loaded `reps` times natively
and, when out/wasm/weft.js exists, under Node, reported like the protobuf
TrackEvent figures (bench_proto.py).
"""

import os

import bench_proto

TOOLS = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(TOOLS, 'gen_fxt_trace.py')
SIZE_MB = 200
NAME = 'fxt200s.fxt'
QUERY = 'select (select count(*) from slice) + (select count(*) from sched)'


def ensure_trace(bench_dir, log):
  return bench_proto.ensure_generated(bench_dir, NAME, [GEN, str(SIZE_MB)], log,
                                      f'{SIZE_MB} MB')

def bench(weft, wasm_js, reps, bench_dir, run_weft, log):
  path, events = ensure_trace(bench_dir, log)
  variants = [('native', [weft], [])] + bench_proto.wasm_variants(wasm_js)
  return bench_proto.measure_ingest(path, events, variants, reps, QUERY, run_weft, log)


def print_report(res):
  bench_proto.print_report(res, f'{NAME} (tools/gen_fxt_trace.py OUT {SIZE_MB})')
