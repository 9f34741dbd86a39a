// Canvas drawing of one track row (slices or a counter) and of flow arrows,
// from a TrackData cache entry. Only rows inside the view are visited
// (binary search on ts), and rects narrower than a pixel are merged per
// lane row as they are drawn, so a frame stays cheap however many slices
// the trace holds.

import {drawStepsImage, hslToRgb} from './counter_raster.js';
import {lowerBound} from './track_data.js';
import {SLICE_ROW_H, TRACK_PAD} from './track_tree.js';

export const FONT = '11px system-ui, -apple-system, "Segoe UI", sans-serif';
const MIN_TEXT_PX = 24;
const SUMMARY_COLOR = {fill: '#8a9ab5', text: ''};

const colorCache = new Map();

// A stable colour per name: {fill, text}.
export function colorForName(name) {
  let c = colorCache.get(name);
  if (c) return c;
  let h = 2166136261;
  const s = name || '';
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  const hue = (h >>> 0) % 360;
  const light = 42 + ((h >>> 9) % 20);
  c = {fill: `hsl(${hue} 52% ${light}%)`, text: light > 56 ? '#111' : '#fff'};
  colorCache.set(name, c);
  return c;
}

// Text of at most |px| pixels (|charW| an average glyph width).
function fitText(text, px, charW) {
  const max = Math.floor(px / charW);
  if (max < 2) return '';
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1)}…`;
}

// Draws the slices of a slice group row whose top is at canvas y |top|.
// p: {ctx, row, top, width, scale, entry, longSlices, longThreshold, charW}
// With p.summary, every slice goes on one row in one colour, unlabelled
// (a collapsed group's overview of its descendants).
export function drawSliceRow(p) {
  const {ctx, row, top, width, scale, entry, longSlices, charW, summary} = p;
  const laneRows = summary ? 1 : row.laneRows;
  if (!laneRows) return;
  const rows = summary ? 1 : row.group.laneCount * laneRows;
  const k = width / scale.span;
  const t0 = scale.start;
  // Merging state per lane row: a run of sub-pixel rects drawn as one.
  const runStart = new Float64Array(rows).fill(NaN);
  const runEnd = new Float64Array(rows);
  const runColor = new Array(rows);
  const yOf = summary ? () => top + (row.height - SLICE_ROW_H) / 2
      : (r) => top + TRACK_PAD + r * SLICE_ROW_H;

  const flush = (r) => {
    if (Number.isNaN(runStart[r])) return;
    ctx.fillStyle = runColor[r];
    ctx.fillRect(runStart[r], yOf(r) + 1, runEnd[r] - runStart[r], SLICE_ROW_H - 2);
    runStart[r] = NaN;
  };

  const draw = (lane, depth, ts, dur, n, name, colorKey = name) => {
    const r = summary ? 0 : lane * laneRows + depth;
    if (r < 0 || r >= rows) return;
    let x0 = (ts - t0) * k;
    let x1 = (ts + dur - t0) * k;
    if (x1 < 0 || x0 > width) return;
    const color = summary ? SUMMARY_COLOR : colorForName(colorKey ?? name);
    if (x1 - x0 < 1) {  // Sub-pixel: extend or start this row's run.
      x1 = x0 + 1;
      if (!Number.isNaN(runStart[r]) && x0 <= runEnd[r] + 1) {
        runEnd[r] = Math.max(runEnd[r], x1);
        return;
      }
      flush(r);
      runStart[r] = x0;
      runEnd[r] = x1;
      runColor[r] = color.fill;
      return;
    }
    flush(r);
    x0 = Math.max(x0, -1);
    x1 = Math.min(x1, width + 1);
    const y = yOf(r);
    ctx.fillStyle = color.fill;
    ctx.fillRect(x0, y + 1, x1 - x0, SLICE_ROW_H - 2);
    const w = x1 - x0;
    if (w >= MIN_TEXT_PX && n === 1 && name && !summary) {
      const text = fitText(name, w - 8, charW);
      if (text) {
        ctx.fillStyle = color.text;
        ctx.fillText(text, x0 + 4, y + SLICE_ROW_H / 2 + 0.5);
      }
    }
  };

  if (entry && entry.numRows) {
    const {ts, dur, lane, depth, n, name, color_key: colorKey} = entry;
    // Rows are ts-sorted (to within one bucket when merged in SQL); slices
    // starting up to longThreshold before the view may reach into it.
    const slack = p.longThreshold + entry.bucket;
    const last = scale.end + entry.bucket;
    for (let i = lowerBound(ts, entry.numRows, t0 - slack); i < entry.numRows; i++) {
      if (ts[i] > last) break;
      draw(lane[i], depth[i], ts[i], dur[i], n[i], name[i], colorKey?.[i]);
    }
  }
  for (const s of longSlices || []) {
    draw(s.lane, s.depth, s.ts, s.end - s.ts, 1, s.name, s.color_key);
  }
  for (let r = 0; r < rows; r++) flush(r);
}

// Canvas y of the middle of a slice at |lane|, |depth| in |row|.
export function sliceCenterY(row, top, lane, depth) {
  return top + TRACK_PAD + (lane * row.laneRows + depth + 0.5) * SLICE_ROW_H;
}

// A compact number: 1234567 -> "1.23M".
export function formatValue(v) {
  const abs = Math.abs(v);
  for (const [d, s] of [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']]) {
    if (abs >= d) return `${+(v / d).toPrecision(3)}${s}`;
  }
  return `${+v.toPrecision(4)}`;
}

// Draws a counter as a filled step chart; merged buckets also get a bar
// spanning their min..max. A step chart is all axis-aligned, so it is drawn
// as pixel-aligned rects (counterSteps) in one image (counter_raster.js),
// never as a path: the canvas rasterizes a path's every edge on each frame,
// and a dense counter's staircase crosses each scanline thousands of times
// (8 cpufreq counters cost ~300 ms a frame on the 200 MB ftrace trace).
// p: {ctx, row, top, width, scale, entry, range, traceEnd}
export function drawCounterRow(p) {
  const {ctx, row, top, width, scale, entry, range} = p;
  if (!entry || !range) return;
  const pad = 5;
  const h = row.height - 2 * pad;
  const span = range.hi - Math.min(range.lo, 0);
  const base = Math.min(range.lo, 0);
  const yOf = (v) => top + pad + h - (span > 0 ? (v - base) / span : 0.5) * h;
  const k = width / scale.span;
  const xOf = (t) => Math.round(Math.min(Math.max((t - scale.start) * k, -2), width + 2));
  const color = colorForName(row.group.name).fill;
  const steps = counterSteps(entry, scale, xOf, yOf, yOf(base), p.traceEnd);
  if (!drawStepsImage(ctx, steps, width, top, row.height, hslToRgb(color))) {
    const {areas, lines} = steps;  // No OffscreenCanvas (Node): rect by rect.
    ctx.fillStyle = color;
    ctx.globalAlpha = 0.25;
    for (let i = 0; i < areas.length; i += 4) ctx.fillRect(areas[i], areas[i + 1], areas[i + 2], areas[i + 3]);
    ctx.globalAlpha = 1;
    for (let i = 0; i < lines.length; i += 4) ctx.fillRect(lines[i], lines[i + 1], lines[i + 2], lines[i + 3]);
  }
  ctx.fillStyle = color;
  const {ts, lo, hi} = entry;
  if (lo && hi) {
    const i0 = Math.max(lowerBound(ts, entry.numRows, scale.start) - 1, 0);
    for (let i = i0; i < entry.numRows && ts[i] <= scale.end; i++) {
      const y1 = yOf(hi[i]);
      ctx.fillRect(xOf(ts[i]), y1, 1, Math.max(yOf(lo[i]) - y1, 1));
    }
  }
  const label = formatValue(range.hi);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
  ctx.fillRect(2, top + pad - 1, ctx.measureText(label).width + 4, 12);
  ctx.fillStyle = '#555';
  ctx.fillText(label, 4, top + pad + 5);
}

// The rects of a counter's step chart in view, as flat [x, y, w, h] lists:
// |areas| under the line (down to |baseY|) and the 1 px |lines|. Samples
// that land on one pixel column (xOf rounds) make one column spanning their
// values; between columns the level runs flat. So there are a few rects per
// pixel column at most, however many samples the view holds.
export function counterSteps(entry, scale, xOf, yOf, baseY, traceEnd) {
  const areas = [], lines = [];
  const {ts, value} = entry;
  const flat = (xa, xb, y) => {
    if (xb <= xa) return;
    areas.push(xa, y, xb - xa, baseY - y);
    lines.push(xa, y - 0.5, xb - xa, 1);
  };
  const column = (x, yTop, yBottom) => {
    areas.push(x, yTop, 1, baseY - yTop);
    lines.push(x, yTop - 0.5, 1, yBottom - yTop + 1);
  };
  const i0 = Math.max(lowerBound(ts, entry.numRows, scale.start) - 1, 0);
  let prevY = entry.before === null || i0 > 0 ? null : yOf(entry.before);
  let flatFrom = xOf(entry.start);  // Where the current level began.
  let colX = null, colMin = 0, colMax = 0;
  let x = flatFrom;
  for (let i = i0; i < entry.numRows; i++) {
    x = xOf(ts[i]);
    const y = yOf(value[i]);
    if (x !== colX) {
      if (colX !== null) {
        column(colX, colMin, colMax);
        flatFrom = colX + 1;
      }
      if (prevY !== null) flat(flatFrom, x, prevY);
      colX = x;
      colMin = colMax = prevY ?? y;
    }
    colMin = Math.min(colMin, y);
    colMax = Math.max(colMax, y);
    prevY = y;
    if (ts[i] > scale.end) break;
  }
  if (prevY === null) return {areas, lines};
  if (colX !== null) {
    column(colX, colMin, colMax);
    flatFrom = colX + 1;
  }
  const endX = entry.numRows && ts[entry.numRows - 1] > scale.end ? x
      : xOf(Math.min(entry.end, traceEnd));
  flat(flatFrom, endX, prevY);
  return {areas, lines};
}

// An arrow from (x0, y0) to (x1, y1) along a horizontal-tangent curve.
export function drawFlowArrow(ctx, x0, y0, x1, y1, color) {
  const dx = Math.max(Math.abs(x1 - x0) / 2, 20);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.bezierCurveTo(x0 + dx, y0, x1 - dx, y1, x1, y1);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - 7, y1 - 4);
  ctx.lineTo(x1 - 7, y1 + 4);
  ctx.closePath();
  ctx.fill();
}

// A one-line label in a box near (x, y), kept inside |width| x |height|.
export function drawTooltip(ctx, text, x, y, width, height) {
  const w = ctx.measureText(text).width + 12;
  const h = 20;
  const bx = Math.max(2, Math.min(x + 14, width - w - 2));
  const by = Math.max(2, Math.min(y + 16, height - h - 2));
  ctx.fillStyle = 'rgba(32, 38, 46, 0.92)';
  ctx.fillRect(bx, by, w, h);
  ctx.fillStyle = '#fff';
  ctx.fillText(text, bx + 6, by + h / 2 + 0.5);
}
