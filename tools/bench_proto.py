"""Perfetto protobuf ingest benchmark, used by tools/bench.

/tmp/weft_bench/t200w.pb (~200 MB, made once with tools/gen_proto_trace.py,
deterministic: 8 sequences, interned names / categories / annotation names,
debug annotations, nested slices, instants, counters, and the tracing
service's flush markers every 2 MB as in a write_into_file trace) is loaded
`reps` times natively with `weft --stats -Q 'select count(*) from slice'`
(windowed sorting at the markers, then --full-sort: one window, the whole
file in memory) and, when out/wasm/weft.js exists, under Node. Reports best wall MB/s, MB/s on the
process's CPU time (user + sys: the figure to trust on a busy machine),
peak RSS and RSS bytes per event.
"""

import os
import re
import shutil
import subprocess
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(TOOLS, 'gen_proto_trace.py')
SIZE_MB = 200
GEN_RE = re.compile(r'wrote .*: (\d+) bytes, (\d+) events')


def ensure_generated(bench_dir, name, gen_argv, log, what):
  """The trace |name| in |bench_dir|, written once by running |gen_argv|
  (its output path last but one, size last, as the generators take them) and
  cached with the generator's "wrote PATH: N bytes, M events" line beside
  it; returns (path, events)."""
  os.makedirs(bench_dir, exist_ok=True)
  path = os.path.join(bench_dir, name)
  meta = path + '.gen.txt'
  if not (os.path.exists(path) and os.path.exists(meta)):
    log(f'bench: generating {path} ({what}, once) ...')
    tmp = path + '.tmp'
    p = subprocess.run([sys.executable] + gen_argv[:-1] + [tmp, gen_argv[-1]],
                       stderr=subprocess.PIPE, check=True)
    os.rename(tmp, path)
    with open(meta, 'w') as f:
      f.write(p.stderr.decode().strip() + '\n')
  with open(meta) as f:
    m = GEN_RE.search(f.read())
  return path, int(m.group(2)) if m else None


def ensure_trace(bench_dir, log):
  return ensure_generated(bench_dir, 't200w.pb', [GEN, str(SIZE_MB)], log,
                          f'{SIZE_MB} MB; ~2 min')

def bench(weft, wasm_js, reps, bench_dir, query, run_weft, log):
  """run_weft: tools/bench's runner (time -v, --stats line, RSS, CPU)."""
  path, events = ensure_trace(bench_dir, log)
  variants = [('native', [weft], []), ('native_full_sort', [weft], ['--full-sort'])]
  return measure_ingest(path, events, variants + wasm_variants(wasm_js), reps, query,
                        run_weft, log)


def wasm_variants(wasm_js):
  """The wasm shell under Node, when it is built."""
  node = shutil.which('node')
  if node and os.path.exists(wasm_js):
    return [('wasm', [node, '--no-experimental-fetch', wasm_js], [])]
  return []


def measure_ingest(path, events, variants, reps, query, run_weft, log):
  """Loads |path| |reps| times per (name, command prefix, flags) variant."""
  size = os.path.getsize(path)
  res = dict(trace=path, size_bytes=size, events=events)
  for name, prefix, flags in variants:
    runs = []
    for i in range(reps):
      log(f'bench: {os.path.basename(path)} {name} ingest run {i + 1}/{reps} ...')
      r = run_weft(prefix, flags + ['--stats', '-Q', query, path])
      st = r['stats']
      if r['rc'] != 0 or not st:
        res[name] = dict(error=r['stderr'].strip()[-300:])
        break
      runs.append(dict(secs=st['secs'], mbps=st['mbps'], slices=st['slices'],
                       rss_kb=r['time_rss_kb'], cpu=r['cpu']))
    if not runs:
      continue
    best = min(runs, key=lambda r: r['secs'])
    best_cpu = min(r['cpu'] for r in runs)
    rss_kb = max(r['rss_kb'] or 0 for r in runs)
    res[name] = dict(
        load_secs_best=best['secs'], load_secs_all=[r['secs'] for r in runs],
        mb_per_s_best=best['mbps'], cpu_secs_best=best_cpu,
        mb_per_cpu_s=size / 1048576 / best_cpu if best_cpu else None,
        slices=best['slices'], peak_rss_kb=rss_kb,
        rss_bytes_per_event=rss_kb * 1024 / events if events else None)
  return res


def print_report(r, title=None):
  if not r:
    return
  print(f'\n== Ingest: {title or f"t200w.pb (tools/gen_proto_trace.py OUT {SIZE_MB})"} ==')
  print(f'  file              {r["trace"]} ({r["size_bytes"] / 1e6:.1f} MB, '
        f'{r["events"]:,} events, '
        f'{r["size_bytes"] / max(1, r["events"]):.1f} bytes/event)')
  for name in ('native', 'native_full_sort', 'wasm'):
    v = r.get(name)
    if not v:
      continue
    if 'error' in v:
      print(f'  {name:<16} error     {v["error"]}')
      continue
    print(f'  {name:<16} load      {v["load_secs_best"]:.3f} s best (all: '
          + ', '.join(f'{x:.3f}' for x in v['load_secs_all']) + ')')
    print(f'  {name:<16} MB/s      {v["mb_per_s_best"]:.1f} wall (MiB/s), '
          f'{v["mb_per_cpu_s"]:.1f} per CPU second (process CPU '
          f'{v["cpu_secs_best"]:.2f} s, includes startup and the query)')
    print(f'  {name:<16} RSS       {v["peak_rss_kb"] / 1024:.1f} MiB peak '
          f'({v["peak_rss_kb"] * 1024 / r["size_bytes"]:.2f}x the file), '
          f'{v["rss_bytes_per_event"]:.1f} bytes per event; {v["slices"]:,} slices')
