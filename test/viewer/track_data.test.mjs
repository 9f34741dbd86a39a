// Tests of what the timeline draws from, in Node against the wasm engine (no
// browser): the trace model's bounds and long slices, and the per-window
// caches: exact rows when a window is small, per-pixel merged rects that
// still account for every slice when it is crowded.

import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';

import {Engine} from '../../ui_bridge/engine.js';
import {TimeScale} from '../../ui_bridge/viewer/time_scale.js';
import {RAW_ROW_LIMIT, TrackData, findCachedSlice} from '../../ui_bridge/viewer/track_data.js';
import {loadTraceModel} from '../../ui_bridge/viewer/trace_model.js';

const SLICES_PER_THREAD = 15000;  // More than RAW_ROW_LIMIT: merged when zoomed out.

// Two threads of back-to-back 5 µs slices every 10 µs, one slice lasting
// most of the trace, one that never ends, and a counter.
function makeTrace() {
  const events = [];
  for (let tid = 1; tid <= 2; tid++) {
    for (let i = 0; i < SLICES_PER_THREAD; i++) {
      events.push({name: `S${i % 7}`, ph: 'X', ts: 1000 + i * 10, dur: 5, pid: 1, tid});
    }
  }
  events.push({name: 'Long', ph: 'X', ts: 500, dur: 160000, pid: 2, tid: 3});
  events.push({name: 'Open', ph: 'B', ts: 90000, pid: 2, tid: 4});
  for (let i = 0; i < 50; i++) events.push({name: 'Mem', ph: 'C', ts: 1000 + i * 3000, pid: 2, args: {v: i}});
  return new TextEncoder().encode(JSON.stringify({traceEvents: events}));
}

let engine, model;

before(async () => {
  engine = await Engine.create();
  await engine.load(makeTrace());
  model = await loadTraceModel(engine);
});

after(() => engine.close());

const groupNamed = (name) => model.groups.find((g) => g.name === name);

// Fetches |group| (or its summary) for |scale| and resolves with the entry.
function fetchEntry(data, group, scale, summary = false) {
  return new Promise((resolve) => {
    data._onData = () => resolve(summary ? data.summaryEntry(group.id) : data.entry(group.id));
    data.update([{group, summary}], scale);
  });
}

test('the model has the bounds and the long slices', () => {
  assert.equal(model.start, 500e3);
  assert.equal(model.end, 160500e3);  // The end of 'Long', after every other slice.
  assert.equal(model.sliceCount, 2 * SLICES_PER_THREAD + 2);
  const long = model.longSlicesByGroup.get(groupNamed('Thread 3').id);
  assert.deepEqual(long.map((s) => [s.name, s.ts, s.end]), [['Long', 500e3, 160500e3]]);
  const open = model.longSlicesByGroup.get(groupNamed('Thread 4').id);
  assert.deepEqual(open.map((s) => [s.name, s.dur, s.end]), [['Open', -1, model.end]]);
});

test('a crowded window is merged per pixel and still counts every slice', async () => {
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  const entry = await fetchEntry(data, groupNamed('Thread 1'), scale);
  assert.ok(entry.bucket > 0, 'merged');
  assert.ok(entry.numRows <= 2 * scale.width, `${entry.numRows} rects for 1000 px`);
  let total = 0;
  for (let i = 0; i < entry.numRows; i++) total += entry.n[i];
  assert.equal(total, SLICES_PER_THREAD);
  assert.ok(data.covers(entry, scale));
});

test('a small window comes back slice by slice', async () => {
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  scale.start = 50000e3;
  scale.end = 50100e3;  // 100 µs: 10 slices, plus the window's margins.
  const entry = await fetchEntry(data, groupNamed('Thread 1'), scale);
  assert.equal(entry.bucket, 0);
  assert.ok(entry.numRows < RAW_ROW_LIMIT);
  const i = Array.from(entry.ts).indexOf(50000e3);
  assert.ok(i >= 0, 'the slice at 50 ms is there');
  assert.equal(entry.dur[i], 5000);
  assert.equal(entry.name[i], `S${((50000 - 1000) / 10) % 7}`);
  const hit = findCachedSlice(entry, [], 0, 0, 50002e3, 10, model.longThreshold);
  assert.deepEqual(hit, {name: entry.name[i], dur: 5000, n: 1});
  assert.equal(findCachedSlice(entry, [], 0, 0, 50007e3, 10, model.longThreshold), null);
});

test('counters come with their value range and the value before the window', async () => {
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  scale.start = 100000e3;
  scale.end = 110000e3;
  const group = groupNamed('Mem v');
  const entry = await fetchEntry(data, group, scale);
  assert.deepEqual(data.counterRange(group.id), {lo: 0, hi: 49});
  // The fetched window is [95 ms, 115 ms]: half a view more on each side.
  assert.equal(entry.before, 31);  // The sample at 94 ms.
  assert.deepEqual(Array.from(entry.value), [32, 33, 34, 35, 36, 37, 38]);
});

test('a collapsed process sums up the top-level slices of its threads', async () => {
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  const entry = await fetchEntry(data, groupNamed('Process 1'), scale, true);
  let total = 0;
  for (let i = 0; i < entry.numRows; i++) total += entry.n[i];
  assert.equal(total, 2 * SLICES_PER_THREAD);
  assert.ok(entry.numRows <= 2 * 2 * scale.width);
});
