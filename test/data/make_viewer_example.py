#!/usr/bin/env python3
"""Writes test/data/viewer_example.json: the viewer's bundled example trace.

A small Chrome JSON trace (deterministic) with what the viewer shows:
processes and threads with names and sort order, nested X and B/E slices,
process-scoped async slices that overlap (one merged track, several lanes),
global async slices, instants, counters with one and two series, flows
(bind_id and v1 s/f), args of every type, and a slice that never ends.
Run it again after changing it: python3 test/data/make_viewer_example.py
"""
import json
import os
import random

rnd = random.Random(6)
events = []


def meta(pid, tid, kind, name):
  e = {'name': kind, 'ph': 'M', 'pid': pid, 'args': {'name': name}}
  if tid is not None:
    e['tid'] = tid
  events.append(e)


def x(pid, tid, name, cat, ts, dur, args=None, **extra):
  e = {'name': name, 'cat': cat, 'ph': 'X', 'ts': round(ts, 1),
       'dur': round(dur, 1), 'pid': pid, 'tid': tid}
  if args:
    e['args'] = args
  e.update(extra)
  events.append(e)


meta(1, None, 'process_name', 'Browser')
meta(1, 1, 'thread_name', 'CrBrowserMain')
meta(1, 2, 'thread_name', 'IOThread')
meta(2, None, 'process_name', 'Renderer')
meta(2, 20, 'thread_name', 'CrRendererMain')
meta(2, 21, 'thread_name', 'Compositor')
meta(2, 22, 'thread_name', 'ThreadPoolForegroundWorker')
meta(3, None, 'process_name', 'GPU Process')
meta(3, 30, 'thread_name', 'CrGpuMain')
events.append({'name': 'process_sort_index', 'ph': 'M', 'pid': 3,
               'args': {'sort_index': 5}})

END = 120000  # µs
flow_id = 0

# Browser main thread: tasks with nested work; every few tasks sends IPC.
t = 200.0
while t < END - 3000:
  dur = rnd.uniform(300, 2500)
  x(1, 1, 'RunTask', 'toplevel', t, dur,
    {'src_file': 'base/task/sequence_manager.cc', 'src_func': 'RunTask',
     'queue': rnd.choice(['default', 'input', 'ipc'])})
  inner = t + dur * 0.1
  x(1, 1, rnd.choice(['NavigationRequest::BeginNavigation', 'RenderWidgetHostImpl::ForwardInput',
                      'BrowserMainLoop::RunTask']), 'browser', inner, dur * 0.6)
  x(1, 1, 'mojo::Message::Dispatch', 'mojom', inner + dur * 0.1, dur * 0.3,
    {'interface': 'blink.mojom.WidgetHost', 'size': rnd.randint(64, 4096)})
  t += dur + rnd.uniform(200, 1500)

# IOThread: B/E IPC sends, each a flow to a task on the renderer main thread.
sends = []
t = 500.0
while t < END - 8000:
  dur = rnd.uniform(40, 200)
  flow_id += 1
  events.append({'name': 'ChannelMojo::Send', 'cat': 'ipc', 'ph': 'B', 'ts': round(t, 1),
                 'pid': 1, 'tid': 2, 'bind_id': hex(flow_id), 'flow_out': True,
                 'args': {'message': rnd.choice(['FrameMsg_Navigate', 'InputMsg_HandleInputEvent']),
                          'bytes': rnd.randint(100, 9000)}})
  events.append({'name': 'ChannelMojo::Send', 'cat': 'ipc', 'ph': 'E',
                 'ts': round(t + dur, 1), 'pid': 1, 'tid': 2})
  sends.append((t + dur + rnd.uniform(300, 3000), flow_id))
  t += rnd.uniform(4000, 9000)

# Renderer main thread: a frame every 16.7 ms, plus the IPC handlers.
frame = 0
t = 1000.0
while t < END - 17000:
  frame += 1
  bmf = rnd.uniform(4000, 11000)
  x(2, 20, 'BeginMainFrame', 'blink', t, bmf,
    {'frame': frame, 'animate_only': False, 'ratio': round(rnd.random(), 3)})
  a = t + 100
  for name, share in (('UpdateLayoutTree', 0.2), ('Layout', 0.3), ('Paint', 0.25)):
    d = bmf * share
    x(2, 20, name, 'blink', a, d, {'nodes': rnd.randint(10, 5000)})
    if name == 'Layout':
      x(2, 20, 'LayoutBlockFlow::UpdateBlockLayout', 'blink', a + d * 0.1, d * 0.5)
      x(2, 20, 'LayoutText::TextDidChange', 'blink', a + d * 0.2, d * 0.15)
    a += d + 50
  x(2, 20, 'Commit', 'cc', a, bmf * 0.1)
  t += 16700
handler_end = 0.0
for ts, fid in sends:
  # Handlers run between frames, one after the other.
  phase = (ts - 1000.0) % 16700
  if phase < 11200:
    ts += 11200 - phase
  ts = max(ts, handler_end + 100)
  d = rnd.uniform(150, 600)
  x(2, 20, 'ThreadProxy::HandleMessage', 'ipc', ts, d,
    {'routing_id': rnd.randint(1, 9)}, bind_id=hex(fid), flow_in=True)
  handler_end = ts + d

# Compositor: draws, and a task that never ends.
t = 1500.0
while t < END - 2000:
  x(2, 21, 'ProxyImpl::ScheduledActionDraw', 'cc', t, rnd.uniform(500, 1800))
  t += 16700
events.append({'name': 'WaitForGpu', 'cat': 'cc', 'ph': 'B', 'ts': END - 1500,
               'pid': 2, 'tid': 21, 'args': {'reason': 'never finished'}})

# Worker: short decode tasks, with v1 flows to the compositor.
t = 3000.0
k = 0
while t < END - 5000:
  d = rnd.uniform(80, 900)
  x(2, 22, 'ImageDecodeTask', 'cc', t, d, {'pixels': rnd.randint(1000, 2000000),
                                           'lossless': rnd.random() < 0.5})
  if k % 5 == 0:
    fid = 1000 + k
    events.append({'name': 'DecodeDone', 'cat': 'cc', 'ph': 's', 'id': fid,
                   'ts': round(t + d / 2, 1), 'pid': 2, 'tid': 22})
    events.append({'name': 'DecodeDone', 'cat': 'cc', 'ph': 'f', 'bp': 'e', 'id': fid,
                   'ts': round(t + d + 1700, 1), 'pid': 2, 'tid': 21})
    x(2, 21, 'RasterDecodedImage', 'cc', t + d + 1600, 250)
  k += 1
  t += d + rnd.uniform(300, 2500)

# Process-scoped async loads that overlap: one merged track with lanes.
t = 2000.0
for i in range(14):
  d = rnd.uniform(8000, 30000)
  lid = hex(0x100 + i)
  events.append({'name': 'ResourceLoad', 'cat': 'loading', 'ph': 'b', 'ts': round(t, 1),
                 'pid': 2, 'tid': 20, 'id2': {'local': lid},
                 'args': {'url': f'https://example.com/asset{i}.js', 'priority': rnd.choice(['High', 'Low'])}})
  events.append({'name': 'ResourceLoad', 'cat': 'loading', 'ph': 'e',
                 'ts': round(t + d, 1), 'pid': 2, 'tid': 20, 'id2': {'local': lid}})
  t += rnd.uniform(2000, 9000)

# Global async navigations (two overlap).
for i, (a, b) in enumerate(((500, 40000), (30000, 90000), (95000, 115000))):
  events.append({'name': 'Navigation', 'cat': 'navigation', 'ph': 'b', 'ts': a,
                 'pid': 1, 'tid': 1, 'id': hex(0x900 + i), 'args': {'url': f'https://example.com/page{i}'}})
  events.append({'name': 'Navigation', 'cat': 'navigation', 'ph': 'e', 'ts': b,
                 'pid': 1, 'tid': 1, 'id': hex(0x900 + i)})

# GPU: vsync instants and swaps.
t = 0.0
while t < END:
  events.append({'name': 'VSync', 'cat': 'gpu', 'ph': 'i', 's': 't', 'ts': round(t, 1),
                 'pid': 3, 'tid': 30})
  x(3, 30, 'SwapBuffers', 'gpu', t + 2000, rnd.uniform(300, 2500), {'frame_token': int(t)})
  t += 16700
events.append({'name': 'FirstContentfulPaint', 'cat': 'loading', 'ph': 'i', 's': 'g',
               'ts': 18000, 'pid': 2, 'tid': 20})

# Counters.
used = 8e6
for i in range(0, END, 1000):
  used = max(2e6, used + rnd.uniform(-4e5, 6e5))
  events.append({'name': 'JSHeap', 'ph': 'C', 'ts': i, 'pid': 2,
                 'args': {'used': int(used), 'total': int(used * 1.5 + 4e6)}})
  if i % 4000 == 0:
    events.append({'name': 'CPU Usage', 'ph': 'C', 'ts': i, 'pid': 1,
                   'args': {'value': round(rnd.uniform(5, 95), 1)}})

events.sort(key=lambda e: e.get('ts', -1))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'viewer_example.json')
with open(out, 'w') as f:
  f.write('{"displayTimeUnit": "ms", "traceEvents": [\n')
  f.write(',\n'.join(json.dumps(e, separators=(',', ':')) for e in events))
  f.write('\n],\n"metadata": {"source": "weft viewer example", "generator": "make_viewer_example.py"}}\n')
print(f'wrote {out}: {len(events)} events')
