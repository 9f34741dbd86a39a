"""HTTP server figures for tools/bench (section 8): small queries per second
over one keep-alive connection to `weft -D`, and the MB/s of uploading the
200 MB reference trace (t200.json) through /parse in 32 MiB chunks plus
/notify_eof, next to the shell loading the same file from disk."""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'python'))

SMALL_QUERY = 'select 1 as x'
CHUNK = 32 << 20


def _queries_per_second(http, seconds):
  latencies = []
  end = time.monotonic() + seconds
  while time.monotonic() < end:
    t0 = time.monotonic()
    result = http.execute_query(SMALL_QUERY)
    latencies.append(time.monotonic() - t0)
    assert not result.error, result.error
  return len(latencies) / sum(latencies), statistics.median(latencies) * 1000


def _cpu_seconds(pid):
  """User + system CPU seconds of process |pid| so far (Linux)."""
  with open(f'/proc/{pid}/stat') as f:
    fields = f.read().rsplit(')', 1)[1].split()
  return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def _upload(http, path):
  size = os.path.getsize(path)
  t0 = time.monotonic()
  with open(path, 'rb') as f:
    while True:
      chunk = f.read(CHUNK)
      if not chunk:
        break
      result = http.parse(chunk)
      assert not result.error, result.error
  end = http.notify_eof()
  assert not end.error, end.error
  secs = time.monotonic() - t0
  return size / 1e6, secs


def bench(weft, t200_path, log, reps=3, query_seconds=5):
  """Returns dict(qps, query_ms_p50, upload_mb, upload_secs, upload_mbps,
  upload_server_cpu_secs); wall figures are best of |reps|."""
  from weft.http import TraceProcessorHttp
  from weft.shell import WeftProcess
  res = {}
  best = best_cpu = None
  for rep in range(reps):
    log(f'bench: /parse upload of {t200_path}, run {rep + 1}/{reps}')
    server = WeftProcess(weft, load_timeout=30)
    try:
      http = TraceProcessorHttp(server.addr)
      mb, secs = _upload(http, t200_path)
      cpu = _cpu_seconds(server.proc.pid)
      best = secs if best is None else min(best, secs)
      best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
      if rep == reps - 1:
        log('bench: small queries over HTTP')
        res['qps'], res['query_ms_p50'] = _queries_per_second(http, query_seconds)
      http.close()
    finally:
      server.stop()
  res.update(upload_mb=mb, upload_secs=best, upload_mbps=mb / best,
             upload_server_cpu_secs=best_cpu)
  return res


def print_report(res):
  print('\n## HTTP server (weft -D)')
  print(f'  small query ({SMALL_QUERY!r}) over one keep-alive connection: '
        f'{res["qps"]:.0f} queries/s (median {res["query_ms_p50"]:.3f} ms)')
  print(f'  /parse upload: {res["upload_mb"]:.0f} MB in {res["upload_secs"]:.2f} s = '
        f'{res["upload_mbps"]:.1f} MB/s (best of runs; includes parsing); '
        f'server CPU {res["upload_server_cpu_secs"]:.2f} s = '
        f'{res["upload_mb"] / res["upload_server_cpu_secs"]:.0f} MB per CPU second')
