// Unit test of the counter painter (pure code, no browser): however many
// samples fall in the view, the step chart's path has a few points per
// pixel column (the canvas rasterizes every point on each frame: 8 raw
// cpufreq counters cost ~300 ms a frame on the 200 MB ftrace trace), and
// each column still spans every value its samples took.

import assert from 'node:assert/strict';
import {test} from 'node:test';

import {drawCounterRow} from '../../ui_bridge/viewer/track_painter.js';
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
    closePath: noop, stroke: noop, fill: noop, fillRect: noop, fillText: noop,
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
