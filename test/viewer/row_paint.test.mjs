// Unit tests of the row painters (pure code, no browser), which keep the
// canvas's work per frame bounded by pixels, not rows (the canvas
// rasterizes every path point and rect on each frame: 8 raw cpufreq
// counters cost ~300 ms a frame on the 200 MB ftrace trace): a counter's
// path has a few points per pixel column, each column still spanning every
// value its samples took; touching sched rects of one colour are one rect.

import assert from 'node:assert/strict';
import {test} from 'node:test';

import {drawCounterRow} from '../../ui_bridge/viewer/track_painter.js';
import {drawSchedRow} from '../../ui_bridge/viewer/sched_tracks.js';
import {TimeScale} from '../../ui_bridge/viewer/time_scale.js';

// A 2D context that records the path's points.
function recordingContext() {
  const points = [];
  const noop = () => {};
  return {
    points,
    beginPath: () => points.splice(0),
    moveTo: (x, y) => points.push([x, y]),
    lineTo: (x, y) => points.push([x, y]),
    rects: [],
    fillRect(x, y, w, h) { this.rects.push([x, w, this.fillStyle]); },
    closePath: noop, stroke: noop, fill: noop, fillText: noop,
    measureText: () => ({width: 10}),
  };
}

test('a counter path has a few points per pixel and keeps each column\'s range', () => {
  const width = 500;
  const samples = 100000;  // 200 a pixel.
  const ts = [], value = [];
  for (let i = 0; i < samples; i++) {
    ts.push(i * 25);
    value.push(i % 100);  // Every value within every pixel.
  }
  const scale = new TimeScale(0, samples * 25);
  scale.width = width;
  const entry = {kind: 'counter', start: 0, end: samples * 25, bucket: 0, numRows: samples,
    before: null, ts, value, lo: null, hi: null};
  const ctx = recordingContext();
  drawCounterRow({ctx, row: {height: 40, group: {name: 'cpufreq'}}, top: 0, width, scale, entry,
    range: {lo: 0, hi: 99}, traceEnd: samples * 25});
  // The outline (before the fill closes it at the base): up to 4 per column.
  assert.ok(ctx.points.length <= 4 * (width + 4) + 4, `${ctx.points.length} points`);
  // Every column of the chart reaches the lowest and highest values of its
  // samples: y 5 (value 99) and 35 (value 0) with a 40 px row.
  const ys = new Map();
  for (const [x, y] of ctx.points.slice(0, -2)) {
    const c = Math.floor(x);
    const [lo, hi] = ys.get(c) ?? [Infinity, -Infinity];
    ys.set(c, [Math.min(lo, y), Math.max(hi, y)]);
  }
  for (let c = 0; c < width; c++) {
    assert.deepEqual(ys.get(c), [5, 35], `column ${c}`);
  }
});

test('sparse samples keep their exact steps', () => {
  const scale = new TimeScale(0, 1000);
  scale.width = 100;
  const entry = {kind: 'counter', start: 0, end: 1000, bucket: 0, numRows: 3, before: 0,
    ts: [100, 500, 900], value: [10, 20, 10], lo: null, hi: null};
  const ctx = recordingContext();
  drawCounterRow({ctx, row: {height: 30, group: {name: 'c'}}, top: 0, width: 100, scale, entry,
    range: {lo: 0, hi: 20}, traceEnd: 1000});
  const y = (v) => 5 + 20 - (v / 20) * 20;
  assert.deepEqual(ctx.points.slice(0, 8), [[0, y(0)], [10, y(0)], [10, y(10)], [50, y(10)],
    [50, y(20)], [90, y(20)], [90, y(10)], [100, y(10)]]);
});

test('touching thread states of one colour are drawn as one rect', () => {
  const scale = new TimeScale(0, 10000);
  scale.width = 100;
  // 1000 states of 10 ns (a tenth of a pixel each): Running, then
  // alternating Running / R from t = 5000.
  const n = 1000;
  const ts = [], dur = [], key = [];
  for (let i = 0; i < n; i++) {
    ts.push(i * 10);
    dur.push(10);
    key.push(i < 500 || i % 20 < 10 ? 'Running' : 'R');
  }
  const entry = {kind: 'thread_state', start: 0, end: 10000, bucket: 0, numRows: n, ts, dur,
    key, n: ts.map(() => 1), id: ts.map((t, i) => i), long: [], threads: new Map()};
  const ctx = recordingContext();
  drawSchedRow({ctx, row: {height: 20, group: {kind: 'thread_state'}}, top: 0, width: 100, scale,
    entry, charW: 6, longThreshold: 1000, traceEnd: 10000});
  // One rect over the first half; then the colour changes every pixel.
  assert.deepEqual(ctx.rects[0], [0, 51, '#2f7d32']);
  assert.equal(ctx.rects.length, 1 + 49);
  assert.ok(ctx.rects.slice(1).every(([, w], i) => w === 1 && ctx.rects[i][2] !== ctx.rects[i + 1][2]));
});
