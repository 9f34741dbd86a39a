#!/usr/bin/env python3
"""Sync tracks benchmark: the JS profile-call integration's share of weft's
load time, and weft against the DevTools trace engine in Node, in one run.

Traces: /tmp/weft_bench/profile1m.json (generated here, deterministic: 1M
JS samples in ProfileChunk events on one thread, with RunTask /
FunctionCall events every 10 ms; its bytes are mostly profile chunks) and
the largest DevTools fixture of ../shared/corpus/chrome. For each: weft's
best load time of 3 with and without --no-profile-calls, the integration
time (`--stats`' "profile calls" figure) and its share of the load, and the
DevTools engine's read + parse time (test/devtools/bench_devtools.mjs) and
the ratio to weft's load.

  tools/bench_profile_calls.py [--weft out/host/weft] [--samples N]
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = '/tmp/weft_bench'
CORPUS = os.path.join(ROOT, '..', 'shared', 'corpus', 'chrome')
STATS = re.compile(r'loaded [\d.]+ MB in ([\d.]+) s .*profile calls ([\d.]+) s')


def make_nodes(rng, count):
    """A call tree: (root), (program), (idle), (garbage collector), then JS
    functions of a few scripts, each under a random earlier function."""
    nodes = [{'id': 1, 'callFrame': {'functionName': '(root)', 'scriptId': 0, 'url': ''}}]
    for i, name in enumerate(['(program)', '(idle)', '(garbage collector)']):
        nodes.append({'id': 2 + i, 'parent': 1,
                      'callFrame': {'functionName': name, 'scriptId': 0, 'url': ''}})
    for i in range(5, count + 1):
        parent = 1 if i < 10 else rng.randrange(5, i)
        script = i % 7
        nodes.append({'id': i, 'parent': parent, 'callFrame': {
            'functionName': f'fn{i}', 'scriptId': script + 10,
            'url': f'https://bench.test/s{script}.js', 'lineNumber': i, 'columnNumber': 3}})
    return nodes


def generate(path, samples, seed=7):
    rng = random.Random(seed)
    nodes = make_nodes(rng, 400)
    start, step, per_chunk = 1_000_000, 100, 1000
    with open(path, 'w') as f:
        f.write('{"traceEvents":[\n')
        f.write('{"ph":"M","name":"thread_name","pid":1,"tid":2,"ts":0,'
                '"args":{"name":"CrRendererMain"}},\n')
        f.write(json.dumps({'ph': 'P', 'name': 'Profile', 'id': '0x1', 'pid': 1, 'tid': 2,
                            'ts': start, 'cat': 'disabled-by-default-v8.cpu_profiler',
                            'args': {'data': {'startTime': start}}}) + ',\n')
        node = 5
        for c in range(0, samples, per_chunk):
            ids = []
            for _ in range(min(per_chunk, samples - c)):
                r = rng.random()
                if r < 0.05:
                    ids.append(2)
                elif r < 0.07:
                    ids.append(4)
                else:
                    if r < 0.3:
                        node = rng.randrange(5, len(nodes) + 1)
                    ids.append(node)
            data = {'cpuProfile': {'samples': ids}, 'timeDeltas': [step] * len(ids)}
            if c == 0:
                data['cpuProfile']['nodes'] = nodes
            f.write(json.dumps({'ph': 'P', 'name': 'ProfileChunk', 'id': '0x1', 'pid': 1,
                                'tid': 3, 'ts': start + c * step,
                                'cat': 'disabled-by-default-v8.cpu_profiler',
                                'args': {'data': data}}, separators=(',', ':')) + ',\n')
        end = start + samples * step
        for ts in range(start, end, 10_000):
            for name, t, dur in (('RunTask', ts, 9_000), ('FunctionCall', ts + 500, 8_000)):
                f.write(json.dumps({'ph': 'X', 'name': name, 'cat': 'devtools.timeline',
                                    'pid': 1, 'tid': 2, 'ts': t, 'dur': dur,
                                    'args': {'data': {}}}, separators=(',', ':')) + ',\n')
        f.write('{"ph":"X","name":"end","pid":1,"tid":2,"ts":%d,"dur":1,"args":{}}]}\n' % end)


def weft_load(weft, trace, extra, reps=3):
    """Best of |reps| loads: (seconds, profile-call seconds)."""
    best = None
    for _ in range(reps):
        p = subprocess.run([weft, '--stats', *extra, '-Q', 'select 1', trace],
                           capture_output=True, text=True, check=True)
        m = STATS.search(p.stderr)
        if not m:
            raise RuntimeError(f'no --stats line: {p.stderr}')
        got = (float(m.group(1)), float(m.group(2)))
        if best is None or got[0] < best[0]:
            best = got
    return best


def devtools_load(trace):
    p = subprocess.run(['node', '--max-old-space-size=8192',
                        os.path.join(ROOT, 'test/devtools/bench_devtools.mjs'), trace],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def bench(weft, trace):
    with_calls, integration = weft_load(weft, trace, [])
    without, _ = weft_load(weft, trace, ['--no-profile-calls'])
    dt = devtools_load(trace)
    dt_total = dt['read_s'] + dt['parse_s']
    return {'trace': os.path.basename(trace), 'mb': os.path.getsize(trace) / 2**20,
            'weft_s': with_calls, 'weft_no_calls_s': without, 'integration_s': integration,
            'integration_share': integration / without if without else 0,
            'devtools_s': dt_total, 'devtools_calls': dt['profile_calls'],
            'speedup': dt_total / with_calls if with_calls else 0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--weft', default=os.path.join(ROOT, 'out/host/weft'))
    ap.add_argument('--samples', type=int, default=1_000_000)
    args = ap.parse_args()
    os.makedirs(BENCH_DIR, exist_ok=True)
    gen = os.path.join(BENCH_DIR, f'profile{args.samples // 1000}k.json')
    if not os.path.exists(gen):
        generate(gen, args.samples)
    fixtures = [os.path.join(CORPUS, f) for f in os.listdir(CORPUS) if f.endswith('.json.gz')]
    largest = max(fixtures, key=os.path.getsize)
    print('trace                         MB   weft s  no-calls s  integr. s  share   DevTools s  x faster')
    for trace in (gen, largest):
        r = bench(args.weft, trace)
        print(f"{r['trace']:<26} {r['mb']:6.1f} {r['weft_s']:8.3f} {r['weft_no_calls_s']:11.3f} "
              f"{r['integration_s']:10.3f} {100 * r['integration_share']:5.1f}% "
              f"{r['devtools_s']:11.3f} {r['speedup']:9.1f}")
        sys.stdout.flush()


if __name__ == '__main__':
    main()
