// Unit tests of the viewer's time window math and time formatting (pure
// code, no browser): zoom keeps the anchor in place, panning is clamped to
// the trace, ticks are round steps, labels and durations read well.

import assert from 'node:assert/strict';
import {test} from 'node:test';

import {TimeScale, axisTicks, formatDuration, formatTick, pow2AtLeast} from '../../ui_bridge/viewer/time_scale.js';

test('zoom keeps the anchor time under the same pixel', () => {
  const s = new TimeScale(1000, 1001000);
  s.width = 1000;
  const anchor = s.pxToTime(250);
  s.zoom(0.5, anchor);
  assert.equal(s.span, 500000);
  assert.ok(Math.abs(s.timeToPx(anchor) - 250) < 1e-6);
});

test('zoom stops at 10 ns and at the whole trace plus a margin', () => {
  const s = new TimeScale(0, 1e6);
  s.width = 800;
  for (let i = 0; i < 100; i++) s.zoom(0.5);
  assert.equal(s.span, 10);
  for (let i = 0; i < 100; i++) s.zoom(2);
  assert.ok(Math.abs(s.span - 1.1e6) < 1e-6);
});

test('panning is clamped to 5% beyond the trace', () => {
  const s = new TimeScale(0, 1e6);
  s.width = 1000;
  s.zoom(0.1, 0);
  s.panPx(-1e9);
  assert.equal(s.start, -5e4);
  s.panPx(1e9);
  assert.equal(s.end, 1.05e6);
  assert.ok(Math.abs(s.span - 1e5) < 1e-6);
});

test('axis ticks are round steps from the trace start', () => {
  const {step, ticks} = axisTicks(1000, 1000 + 120e6, 1200, 1000);
  assert.equal(step, 10e6);
  assert.equal(ticks.length, 13);
  assert.equal(ticks[0], 1000);
  assert.equal(formatTick(ticks[3] - 1000, step), '30 ms');
  assert.equal(formatTick(1.5e6, 0.5e6), '1.5 ms');
  assert.equal(formatTick(2500, 500), '2.5 µs');
});

test('durations are shown in a readable unit', () => {
  assert.equal(formatDuration(0), '0 s');
  assert.equal(formatDuration(999), '999 ns');
  assert.equal(formatDuration(5244600), '5.245 ms');
  assert.equal(formatDuration(189400), '189.4 µs');
  assert.equal(formatDuration(2.5e9), '2.5 s');
  assert.equal(formatDuration(120e9), '120 s');
});

test('pow2AtLeast gives stable bucket sizes', () => {
  assert.equal(pow2AtLeast(0.3), 1);
  assert.equal(pow2AtLeast(1), 1);
  assert.equal(pow2AtLeast(1000), 1024);
  assert.equal(pow2AtLeast(1024), 1024);
});
