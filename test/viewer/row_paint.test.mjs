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
import {hslToRgb, rasterizeSteps} from '../../ui_bridge/viewer/counter_raster.js';
import {TimeScale} from '../../ui_bridge/viewer/time_scale.js';

// A 2D context that records its fillRect calls as [x, w, fillStyle] and,
// with globalAlpha 1, [x, y, w, h] in |solid|.
function recordingContext() {
  const noop = () => {};
  return {
    rects: [],
    solid: [],
    globalAlpha: 1,
    fillRect(x, y, w, h) {
      this.rects.push([x, w, this.fillStyle]);
      if (this.globalAlpha === 1) this.solid.push([x, y, w, h]);
    },
    fillText: noop,
    measureText: () => ({width: 10}),
  };
}

function drawCounter(entry, width, height, range) {
  const scale = new TimeScale(entry.start, entry.end);
  scale.width = width;
  const ctx = recordingContext();
  drawCounterRow({ctx, row: {height, group: {name: 'cpufreq'}}, top: 0, width, scale, entry,
    range, traceEnd: entry.end});
  ctx.solid.pop();  // The value label's background.
  return ctx;
}

test('a counter has a few rects per pixel and keeps each column\'s range', () => {
  const width = 500;
  const samples = 100000;  // 200 a pixel.
  const ts = [], value = [];
  for (let i = 0; i < samples; i++) {
    ts.push(i * 25);
    value.push(i % 100);  // Every value within every pixel.
  }
  const entry = {kind: 'counter', start: 0, end: samples * 25, bucket: 0, numRows: samples,
    before: null, ts, value, lo: null, hi: null};
  const ctx = drawCounter(entry, width, 40, {lo: 0, hi: 99});
  assert.ok(ctx.rects.length <= 4 * (width + 4), `${ctx.rects.length} rects`);
  // Every pixel column's line reaches the lowest and highest values of its
  // samples: y 5 (value 99) and 35 (value 0) with a 40 px row.
  for (let c = 1; c < width; c++) {
    const col = ctx.solid.filter(([x, , w]) => x <= c && x + w > c);
    const top = Math.min(...col.map(([, y]) => y));
    const bottom = Math.max(...col.map(([, y, , h]) => y + h));
    assert.deepEqual([top, bottom], [4.5, 35.5], `column ${c}`);
  }
});

test('sparse samples keep their exact steps', () => {
  const entry = {kind: 'counter', start: 0, end: 1000, bucket: 0, numRows: 3, before: 0,
    ts: [100, 500, 900], value: [10, 20, 10], lo: null, hi: null};
  const ctx = drawCounter(entry, 100, 30, {lo: 0, hi: 20});
  // Level 0 (y 25) up to x 10, a jump to 10 (y 15), level 10 to x 50, ...
  assert.deepEqual(ctx.solid, [
    [0, 24.5, 10, 1], [10, 14.5, 1, 11], [11, 14.5, 39, 1], [50, 4.5, 1, 11],
    [51, 4.5, 39, 1], [90, 4.5, 1, 11], [91, 14.5, 9, 1]]);
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

test('counter steps rasterize into one image: areas at a quarter alpha, lines opaque', () => {
  assert.deepEqual(hslToRgb('hsl(0 100% 50%)'), [255, 0, 0]);
  assert.deepEqual(hslToRgb('hsl(120 100% 50%)'), [0, 255, 0]);
  assert.deepEqual(hslToRgb('hsl(240 100% 25%)'), [0, 0, 128]);
  // A 10 x 20 row at canvas y 100: a level at y 110 from x 2 to 8 over an
  // area down to y 118; scale 2 doubles every coordinate.
  const steps = {areas: [2, 110, 6, 8], lines: [2, 109.5, 6, 1]};
  const pixels = new Uint8ClampedArray(20 * 40 * 4);
  rasterizeSteps(steps, pixels, 20, 40, 100, 2, [10, 20, 30]);
  const at = (x, y) => [...pixels.slice((y * 20 + x) * 4, (y * 20 + x) * 4 + 4)];
  assert.deepEqual(at(4, 19), [10, 20, 30, 255]);  // The line: y 109.5..110.5,
  assert.deepEqual(at(4, 20), [10, 20, 30, 255]);  // two device pixels.
  assert.deepEqual(at(4, 21), [10, 20, 30, 64]);   // The area under it.
  assert.deepEqual(at(15, 35), [10, 20, 30, 64]);
  assert.deepEqual(at(16, 20), [0, 0, 0, 0]);      // Right of the step.
  assert.deepEqual(at(4, 36), [0, 0, 0, 0]);       // Below the base.
  assert.deepEqual(at(4, 18), [0, 0, 0, 0]);       // Above the line.
});
