"""Kernel scheduling trace ingest benchmark, used by tools/bench.

Three ~200 MB traces made once with tools/gen_ftrace_trace.py
(deterministic; 8 CPUs, sched_switch / sched_waking / cpu_frequency /
atrace print): Perfetto protobuf with plain FtraceEvents (f200.pb), the same
with compact_sched columns (f200c.pb), and ftrace text (f200.txt). Each is
loaded `reps` times natively and, when out/wasm/weft.js exists, under Node,
reported like the protobuf TrackEvent figures (bench_proto.py).
"""

import os

import bench_proto

TOOLS = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(TOOLS, 'gen_ftrace_trace.py')
SIZE_MB = 200
TRACES = (('proto', 'f200.pb'), ('compact', 'f200c.pb'), ('text', 'f200.txt'))
QUERY = 'select count(*) from sched'


def ensure_trace(bench_dir, fmt, name, log):
  return bench_proto.ensure_generated(bench_dir, name, [GEN, fmt, str(SIZE_MB)], log,
                                      f'{SIZE_MB} MB {fmt}; a few minutes')

def bench(weft, wasm_js, reps, bench_dir, run_weft, log):
  res = {}
  for fmt, name in TRACES:
    path, events = ensure_trace(bench_dir, fmt, name, log)
    variants = [('native', [weft], [])] + bench_proto.wasm_variants(wasm_js)
    res[fmt] = bench_proto.measure_ingest(path, events, variants, reps, QUERY, run_weft, log)
  return res


def print_report(res):
  if not res:
    return
  for fmt, name in TRACES:
    bench_proto.print_report(res.get(fmt),
                             f'{name} (tools/gen_ftrace_trace.py {fmt} OUT {SIZE_MB})')
