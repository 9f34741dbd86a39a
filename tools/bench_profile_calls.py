#!/usr/bin/env python3
"""Sync tracks benchmark: the JS profile-call integration's share of weft's
load time, and weft against the DevTools trace engine in Node, in one run.

Traces: /tmp/weft_bench/profile1m.json (generated here, deterministic: 1M
JS samples in ProfileChunk events on one thread, with RunTask /
FunctionCall events every 10 ms; its bytes are mostly profile chunks) and
the largest DevTools fixture of ../shared/corpus/chrome. For each: weft's
load with and without --no-profile-calls in CPU seconds (user + sys of the
process, best of 3: the machine is shared, so wall times are noise), the
integration's cost as the difference and its share of the load without,
the integration phase alone (`--stats`' "profile calls", wall seconds),
peak RSS with and without, and the DevTools engine's read + parse CPU
seconds (test/devtools/bench_devtools.mjs) and their ratio to weft's.

  tools/bench_profile_calls.py [--weft out/host/weft] [--samples N]
"""

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = '/tmp/weft_bench'
CORPUS = os.path.join(ROOT, '..', 'shared', 'corpus', 'chrome')
STATS = re.compile(r'loaded [\d.]+ MB in ([\d.]+) s .*peak RSS (\d+) KB.*profile calls ([\d.]+) s')


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


def stress_samples(rng, nodes, count):
    """Stress stacks: 5% (program) and 2% GC samples scattered among JS ones
    (each closes and reopens the whole JS stack) and a jump to a random
    function in 23% of samples: ~1.2 profile calls per sample, 5x the
    densest public fixture."""
    node = 5
    for _ in range(count):
        r = rng.random()
        if r < 0.05:
            yield 2
        elif r < 0.07:
            yield 4
        else:
            if r < 0.3:
                node = rng.randrange(5, len(nodes) + 1)
            yield node


def corpus_samples(rng, nodes, count):
    """Stacks that change as the public fixtures' do: (program) in runs
    between bursts of JS, the JS stack moving one call deeper or one back
    up at a time, now and then a jump to another function; about 0.2
    profile calls per sample, as the densest fixture (basic.cpuprofile,
    0.22; the others 0.001-0.16)."""
    children = {}
    for n in nodes[4:]:
        children.setdefault(n.get('parent', 0), []).append(n['id'])
    parent = {n['id']: n.get('parent', 0) for n in nodes}
    node, program_left = 5, 0
    for _ in range(count):
        if program_left:
            program_left -= 1
            yield 2
            continue
        r = rng.random()
        if r < 0.005:
            program_left = rng.randrange(5, 60)
        elif r < 0.01:
            node = rng.randrange(5, len(nodes) + 1)
        elif r < 0.09 and children.get(node):
            node = rng.choice(children[node])
        elif r < 0.17 and parent[node] >= 5:
            node = parent[node]
        yield 4 if r > 0.995 else node


def generate(path, samples, stacks, seed=7):
    rng = random.Random(seed)
    nodes = make_nodes(rng, 400)
    start, step, per_chunk = 1_000_000, 100, 1000
    ids = stacks(rng, nodes, samples)
    with open(path, 'w') as f:
        f.write('{"traceEvents":[\n')
        f.write('{"ph":"M","name":"thread_name","pid":1,"tid":2,"ts":0,'
                '"args":{"name":"CrRendererMain"}},\n')
        f.write(json.dumps({'ph': 'P', 'name': 'Profile', 'id': '0x1', 'pid': 1, 'tid': 2,
                            'ts': start, 'cat': 'disabled-by-default-v8.cpu_profiler',
                            'args': {'data': {'startTime': start}}}) + ',\n')
        for c in range(0, samples, per_chunk):
            chunk = [next(ids) for _ in range(min(per_chunk, samples - c))]
            data = {'cpuProfile': {'samples': chunk}, 'timeDeltas': [step] * len(chunk)}
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


def generate_cpuprofile(path, target_bytes, seed=11):
    """A bare .cpuprofile (DevTools' "Save profile": nodes with children,
    samples, timeDeltas) of about |target_bytes|, stacks as corpus_samples'."""
    rng = random.Random(seed)
    nodes = make_nodes(rng, 400)
    children = {}
    for n in nodes[1:]:
        children.setdefault(n['parent'], []).append(n['id'])
    saved = []
    for n in nodes:
        frame = dict(n['callFrame'], scriptId=str(n['callFrame']['scriptId']))
        frame.setdefault('lineNumber', -1)
        frame.setdefault('columnNumber', -1)
        node = {'id': n['id'], 'callFrame': frame, 'hitCount': 0}
        if n['id'] in children:
            node['children'] = children[n['id']]
        saved.append(node)
    count = target_bytes // 7  # "123," and "100,", a few 2-digit ids.
    ids = corpus_samples(rng, nodes, count)
    start, step = 1_000_000, 100
    with open(path, 'w') as f:
        f.write('{"nodes":%s,"startTime":%d,"endTime":%d,"samples":['
                % (json.dumps(saved, separators=(',', ':')), start, start + count * step))
        f.write(','.join(str(next(ids)) for _ in range(count)))
        f.write('],"timeDeltas":[')
        f.write(','.join(['100'] * count))
        f.write(']}\n')


def child_cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def weft_load(weft, trace, extra, reps=3):
    """Best of |reps| loads by CPU: (CPU s, profile-call wall s, peak RSS MB)."""
    best = None
    for _ in range(reps):
        before = child_cpu_seconds()
        p = subprocess.run([weft, '--stats', *extra, '-Q', 'select 1', trace],
                           capture_output=True, text=True, check=True)
        cpu = child_cpu_seconds() - before
        m = STATS.search(p.stderr)
        if not m:
            raise RuntimeError(f'no --stats line: {p.stderr}')
        got = (cpu, float(m.group(3)), int(m.group(2)) / 1024)
        if best is None or got[0] < best[0]:
            best = got
    return best


def devtools_load(trace):
    p = subprocess.run(['node', '--max-old-space-size=8192',
                        os.path.join(ROOT, 'test/devtools/bench_devtools.mjs'), trace],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def bench(weft, trace):
    with_calls, phase, rss = weft_load(weft, trace, [])
    without, _, rss_without = weft_load(weft, trace, ['--no-profile-calls'])
    dt = devtools_load(trace)
    cost = with_calls - without
    return {'trace': os.path.basename(trace), 'mb': os.path.getsize(trace) / 2**20,
            'weft_cpu_s': with_calls, 'weft_no_calls_cpu_s': without, 'integration_cpu_s': cost,
            'integration_share': cost / without if without else 0, 'phase_wall_s': phase,
            'rss_mb': rss, 'rss_no_calls_mb': rss_without,
            'devtools_cpu_s': dt['cpu_s'], 'devtools_calls': dt['profile_calls'],
            'speedup': dt['cpu_s'] / with_calls if with_calls else 0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--weft', default=os.path.join(ROOT, 'out/host/weft'))
    ap.add_argument('--samples', type=int, default=1_000_000)
    args = ap.parse_args()
    os.makedirs(BENCH_DIR, exist_ok=True)
    generated = []
    for suffix, stacks in (('', stress_samples), ('_corpus', corpus_samples)):
        gen = os.path.join(BENCH_DIR, f'profile{args.samples // 1000}k{suffix}.json')
        if not os.path.exists(gen):
            generate(gen, args.samples, stacks)
        generated.append(gen)
    # The size of DevTools' largest profile fixture (large-profile.cpuprofile).
    large = os.path.join(BENCH_DIR, 'large_profile_48mb.cpuprofile')
    if not os.path.exists(large):
        generate_cpuprofile(large, 48 << 20)
    generated.append(large)
    fixtures = [os.path.join(CORPUS, f) for f in os.listdir(CORPUS) if f.endswith('.json.gz')]
    largest = max(fixtures, key=os.path.getsize)
    print('CPU seconds (user + sys), best of 3; integration = with - without')
    print('trace                             MB  weft CPU-s  no-calls  integr.  share  phase wall s'
          '  RSS MB (no calls)  DevTools CPU-s  x faster')
    for trace in (*generated, largest):
        r = bench(args.weft, trace)
        print(f"{r['trace']:<30} {r['mb']:6.1f} {r['weft_cpu_s']:10.3f} {r['weft_no_calls_cpu_s']:9.3f} "
              f"{r['integration_cpu_s']:8.3f} {100 * r['integration_share']:5.1f}% "
              f"{r['phase_wall_s']:12.3f} {r['rss_mb']:7.0f} ({r['rss_no_calls_mb']:.0f})"
              f"{r['devtools_cpu_s']:16.3f} {r['speedup']:9.1f}")
        sys.stdout.flush()


if __name__ == '__main__':
    main()
