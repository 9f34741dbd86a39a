// The timeline: a time axis and one canvas beside the track tree, redrawn
// on demand (one frame per animation frame at most) from the TrackData
// caches of the rows in view. Owns the visible time window, the selected
// slice (outlined, with its flows drawn as arrows) and hit testing.

import {TrackData, findCachedSlice, sliceDescendants} from './track_data.js';
import {TimeScale, axisTicks, formatTick, formatDuration} from './time_scale.js';
import {FONT, drawCounterRow, drawFlowArrow, drawSliceRow, drawTooltip, sliceCenterY}
  from './track_painter.js';
import {SLICE_ROW_H, TRACK_PAD} from './track_tree.js';
import {queryRows, sqlInt} from './sql_rows.js';
import {attachTimelineInput} from './timeline_input.js';
import {drawSchedRow, findSchedRow, isSchedKind} from './sched_tracks.js';
import {markLoad} from './load_marks.js';

const HIT_TOLERANCE_PX = 3;
const FRAME_HISTORY = 240;
const SETTLE_MS = 120;  // The view rests after this long without a change.

export class Timeline {
  // els: {scroll, column, canvas, axis, axisInfo}; tree: TrackTree;
  // onSelect(sliceId | null); onSchedSelect(kind, id): a CPU's sched slice
  // or a thread state was clicked.
  constructor(els, tree, onSelect, onSchedSelect = () => {}) {
    this._els = els;
    this._tree = tree;
    this._onSelect = onSelect;
    this._onSchedSelect = onSchedSelect;
    this._ctx = els.canvas.getContext('2d');
    this._axisCtx = els.axis.getContext('2d');
    this._engine = null;
    this._model = null;
    this._data = null;
    this.scale = null;
    this._selection = null;  // {slice, flows: [{from, to}]}
    this._hoverX = null;  // Pointer position over the canvas, or null.
    this._hoverY = null;
    this._framePending = false;
    this._charW = 6;
    this._lastStart = this._lastEnd = NaN;
    this._viewChangedAt = 0;
    this._settleTimer = 0;
    // Frame statistics for benchmarks and tests (see stats()).
    this._frameMs = [];
    this._frames = 0;
    this._completeFrames = 0;
    this._firstCompleteAt = null;
    // Painters drawn over the tracks each frame (find marks, the area
    // selection, alert markers, ...): fn(ctx, {scale, scrollTop, width,
    // height, tree, model}).
    this._overlays = [];
    // Set by a module that handles shift+drag: {begin(x, y), move(x, y), end()}.
    this.areaInput = null;
    els.scroll.addEventListener('scroll', () => this.requestDraw());
    new ResizeObserver(() => this.requestDraw()).observe(els.column);
    attachTimelineInput(this, els.canvas);
  }

  setTrace(engine, model) {
    if (this._data) this._data.close();
    this._engine = engine;
    this._model = model;
    this._data = new TrackData(engine, model, () => this.requestDraw());
    this._summaryLong = new Map();
    this.scale = new TimeScale(model.start, model.end);
    this._selection = null;
    this._frames = 0;
    this._completeFrames = 0;
    this._frameMs = [];
    this._firstCompleteAt = null;
    this._els.scroll.scrollTop = 0;
    this._els.canvas.dataset.complete = 'false';
    // Drawn now, not at the next animation frame: the first frame's window
    // queries reach the engine before anything else the page asks.
    this._draw();
  }

  clear() {
    if (this._data) this._data.close();
    this._engine = this._model = this._data = this.scale = null;
    this._selection = null;
    this._els.canvas.dataset.complete = 'false';
    this.requestDraw();
  }

  get hasTrace() { return !!this.scale; }

  // {frames, completeFrames, firstCompleteAt (performance.now()), frameMs}:
  // a frame is complete when every row in view had its data.
  stats() {
    return {
      frames: this._frames,
      completeFrames: this._completeFrames,
      firstCompleteAt: this._firstCompleteAt,
      frameMs: this._frameMs.slice(),
    };
  }

  requestDraw() {
    if (this._framePending) return;
    this._framePending = true;
    requestAnimationFrame(() => {
      this._framePending = false;
      this._draw();
    });
  }

  // True once the time window has not changed for SETTLE_MS; until then a
  // timer asks for one more frame, which fetches the sharper data.
  _viewSettled() {
    const now = performance.now();
    const {start, end} = this.scale;
    if (start !== this._lastStart || end !== this._lastEnd) {
      this._lastStart = start;
      this._lastEnd = end;
      this._viewChangedAt = now;
      clearTimeout(this._settleTimer);
      this._settleTimer = setTimeout(() => this.requestDraw(), SETTLE_MS + 5);
    }
    return now - this._viewChangedAt >= SETTLE_MS;
  }

  setHover(x, y = null) {
    this._hoverX = x;
    this._hoverY = y;
    this.requestDraw();
  }

  // ------------------------------------------------------------ drawing

  _resize(canvas, ctx, width, height) {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(width * dpr));
    const h = Math.max(1, Math.round(height * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  _draw() {
    const t0 = performance.now();
    const {canvas, axis, scroll, column} = this._els;
    const width = column.clientWidth;
    const height = scroll.clientHeight;
    this._resize(canvas, this._ctx, width, height);
    this._resize(axis, this._axisCtx, width, axis.clientHeight || 28);
    const ctx = this._ctx;
    ctx.clearRect(0, 0, width, height);
    this._axisCtx.clearRect(0, 0, width, axis.clientHeight || 28);
    if (!this.scale) return;
    this.scale.width = width;
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    this._charW = ctx.measureText('abcdefghijklmnopqrstuvwxyzABCDEFGHIJ').width / 36;

    const scrollTop = scroll.scrollTop;
    const rows = this._rowsInView(scrollTop, height);
    const requests = [];
    for (const row of rows) {
      if (hasData(row.group)) requests.push({group: row.group, summary: false});
      else if (this._isSummary(row)) requests.push({group: row.group, summary: true});
    }
    this._data.update(requests, this.scale, this._viewSettled());
    if (this._frames === 0) markLoad('first-draw');
    const ticks = axisTicks(this.scale.start, this.scale.end, width, this._model.start);
    this._drawGrid(ctx, ticks, height);
    let complete = true;
    for (const row of rows) {
      const top = row.top - scrollTop;
      if (!this._drawRow(ctx, row, top, width)) complete = false;
    }
    const view = {scale: this.scale, scrollTop, width, height, tree: this._tree, model: this._model};
    for (const paint of this._overlays) paint(ctx, view);
    this._drawSelection(ctx, scrollTop, width);
    this._drawAxis(ticks, width);
    if (this._hoverX !== null) {
      ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
      ctx.fillRect(Math.round(this._hoverX), 0, 1, height);
      this._drawHoverLabel(ctx, scrollTop, width, height);
    }

    this._frames++;
    if (complete) {
      this._completeFrames++;
      if (this._firstCompleteAt === null) {
        this._firstCompleteAt = performance.now();
        markLoad('first-frame');
      }
    }
    this._frameMs.push(performance.now() - t0);
    if (this._frameMs.length > FRAME_HISTORY) this._frameMs.shift();
    const done = String(complete && !this._data.busy);
    if (this._els.canvas.dataset.complete !== done) this._els.canvas.dataset.complete = done;
  }

  _rowsInView(scrollTop, height) {
    const rows = this._tree.rows;
    let lo = 0, hi = rows.length;
    while (lo < hi) {  // First row ending below scrollTop.
      const mid = (lo + hi) >> 1;
      if (rows[mid].top + rows[mid].height <= scrollTop) lo = mid + 1; else hi = mid;
    }
    const out = [];
    for (let i = lo; i < rows.length && rows[i].top < scrollTop + height; i++) out.push(rows[i]);
    return out;
  }

  // A collapsed group without slices of its own shows its descendants'
  // top-level slices instead.
  _isSummary(row) {
    return this._tree.isCollapsed(row.group.id) && sliceDescendants(row.group).length > 0;
  }

  // The long depth-0 slices under a collapsed group (memoized per group).
  _summaryLongSlices(group) {
    if (!this._summaryLong.has(group.id)) {
      const list = [];
      for (const g of sliceDescendants(group)) {
        for (const s of this._model.longSlicesByGroup.get(g.id) || []) {
          if (s.depth === 0) list.push(s);
        }
      }
      this._summaryLong.set(group.id, list);
    }
    return this._summaryLong.get(group.id);
  }

  // Returns false when the row's data has not arrived yet.
  _drawRow(ctx, row, top, width) {
    const g = row.group;
    if (!hasData(g)) {
      ctx.fillStyle = g.children.length ? '#eef1f5' : '#f7f7f7';
      ctx.fillRect(0, top, width, row.height);
    }
    ctx.fillStyle = '#e2e5ea';
    ctx.fillRect(0, top + row.height - 1, width, 1);
    if (!hasData(g)) {
      if (!this._isSummary(row)) return true;
      const entry = this._data.summaryEntry(g.id);
      drawSliceRow({ctx, row, top, width, scale: this.scale, entry, charW: this._charW,
        longThreshold: this._model.longThreshold, longSlices: this._summaryLongSlices(g),
        summary: true});
      return this._data.covers(entry, this.scale);
    }
    const entry = this._data.entry(g.id);
    const p = {ctx, row, top, width, scale: this.scale, entry, charW: this._charW,
      longThreshold: this._model.longThreshold, traceEnd: this._model.end};
    if (g.kind === 'counter') {
      p.range = this._data.counterRange(g.id);
      drawCounterRow(p);
    } else if (isSchedKind(g.kind)) {
      drawSchedRow(p);
    } else {
      p.longSlices = this._model.longSlicesByGroup.get(g.id);
      drawSliceRow(p);
    }
    return this._data.covers(entry, this.scale);
  }

  // Names the slice under the pointer (from the cache: no query per move).
  _drawHoverLabel(ctx, scrollTop, width, height) {
    const sched = this._hoverY === null ? null : this._schedAt(this._hoverX, this._hoverY);
    if (sched) {
      drawTooltip(ctx, sched.hit.text, this._hoverX, this._hoverY, width, height);
      return;
    }
    const at = this._hoverY === null ? null : this._laneAt(this._hoverY + scrollTop);
    if (!at) return;
    const entry = this._data.entry(at.row.group.id);
    const hit = findCachedSlice(entry, this._model.longSlicesByGroup.get(at.row.group.id),
        at.lane, at.depth, this.scale.pxToTime(this._hoverX),
        2 * this.scale.nsPerPx, this._model.longThreshold + (entry ? entry.bucket : 0));
    if (!hit) return;
    const text = hit.n > 1 ? `${hit.n} slices (zoom in to tell them apart)`
        : `${hit.name ?? '(unnamed)'} · ${hit.dur < 0 ? 'did not end' : formatDuration(hit.dur)}`;
    drawTooltip(ctx, text, this._hoverX, this._hoverY, width, height);
  }

  _drawGrid(ctx, ticks, height) {
    ctx.fillStyle = '#f0f0f0';
    for (const t of ticks.ticks) {
      ctx.fillRect(Math.round(this.scale.timeToPx(t)), 0, 1, height);
    }
  }

  _drawAxis(ticks, width) {
    const ctx = this._axisCtx;
    const h = this._els.axis.clientHeight || 28;
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#fafafa';
    ctx.fillRect(0, 0, width, h);
    ctx.fillStyle = '#333';
    for (const t of ticks.ticks) {
      const x = Math.round(this.scale.timeToPx(t));
      ctx.fillRect(x, h - 8, 1, 8);
      ctx.fillText(formatTick(t - this._model.start, ticks.step), x + 3, h / 2 - 3);
    }
    if (this._hoverX !== null) {
      const t = this.scale.pxToTime(this._hoverX);
      const label = formatTick(t - this._model.start, ticks.step / 10);
      const w = ctx.measureText(label).width + 8;
      const x = Math.min(this._hoverX + 2, width - w);
      ctx.fillStyle = '#1f4e8c';
      ctx.fillRect(x, 2, w, h - 4);
      ctx.fillStyle = '#fff';
      ctx.fillText(label, x + 4, h / 2);
    }
    const info = `${formatDuration(this.scale.span)} in view of ` +
        formatDuration(this._model.end - this._model.start);
    if (this._els.axisInfo.textContent !== info) this._els.axisInfo.textContent = info;
  }

  // Canvas position of a slice's left / right edge and middle, or null when
  // its group is hidden under a collapsed parent (then the parent's row).
  _slicePoint(s, scrollTop, atEnd) {
    const group = this._model.byId.get(s.g);
    const row = group && this._tree.shownRowOf(group);
    if (!row) return null;
    const top = row.top - scrollTop;
    const y = row.group === group && row.laneRows
        ? sliceCenterY(row, top, s.lane, s.depth) : top + row.height / 2;
    const t = atEnd ? s.ts + Math.max(s.dur, 0) : s.ts;
    return {x: this.scale.timeToPx(t), y};
  }

  _drawSelection(ctx, scrollTop, width) {
    const sel = this._selection;
    if (!sel) return;
    for (const f of sel.flows) {
      const a = this._slicePoint(f.from, scrollTop, true);
      const b = this._slicePoint(f.to, scrollTop, false);
      if (a && b) drawFlowArrow(ctx, a.x, a.y, b.x, b.y, '#c2185b');
    }
    const s = sel.slice;
    const group = this._model.byId.get(s.g);
    const row = group && this._tree.rowOf(group.id);
    if (!row || !row.laneRows) return;
    const top = row.top - scrollTop + TRACK_PAD + (s.lane * row.laneRows + s.depth) * SLICE_ROW_H;
    const x0 = Math.max(this.scale.timeToPx(s.ts), -2);
    const end = s.dur < 0 ? this._model.end : s.ts + s.dur;
    const x1 = Math.min(Math.max(this.scale.timeToPx(end), x0 + 2), width + 2);
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 2;
    ctx.strokeRect(x0, top + 1, x1 - x0, SLICE_ROW_H - 2);
  }

  // ----------------------------------------------------- hit test, select

  // Selects the slice under canvas point (x, y), or clears the selection.
  async clickAt(x, y) {
    if (!this.scale) return;
    const engine = this._engine;
    try {
      const sched = this._schedAt(x, y);
      if (sched && sched.hit.n === 1) {
        this._selection = null;
        this._onSchedSelect(sched.row.group.kind, sched.hit.id);
        this.requestDraw();
        return;
      }
      const hit = await this._hitTest(x, y);
      if (engine !== this._engine) return;
      if (hit === null) {
        this._selection = null;
        this._onSelect(null);
        this.requestDraw();
        return;
      }
      await this.select(hit);
    } catch (e) {
      // The trace was closed or replaced while the query ran.
      if (engine === this._engine) console.error('weft viewer: selecting failed:', e);
    }
  }

  // The sched slice / thread state under canvas point (x, y), from the
  // cache: {row, hit} or null.
  _schedAt(x, y) {
    const row = this._tree.rowAt(y + this._els.scroll.scrollTop);
    if (!row || !isSchedKind(row.group.kind)) return null;
    const hit = findSchedRow(this._data.entry(row.group.id), row.group.kind,
        this.scale.pxToTime(x), HIT_TOLERANCE_PX * this.scale.nsPerPx,
        this._model.longThreshold);
    return hit ? {row, hit} : null;
  }

  // {row, lane, depth} of the slice row at content y, or null.
  _laneAt(contentY) {
    const row = this._tree.rowAt(contentY);
    if (!row || !row.laneRows) return null;
    const r = Math.floor((contentY - row.top - TRACK_PAD) / SLICE_ROW_H);
    if (r < 0 || r >= row.group.laneCount * row.laneRows) return null;
    return {row, lane: Math.floor(r / row.laneRows), depth: r % row.laneRows};
  }

  async _hitTest(x, y) {
    const at = this._laneAt(y + this._els.scroll.scrollTop);
    if (!at) return null;
    const {row, lane, depth} = at;
    const t = this.scale.pxToTime(x);
    const tol = HIT_TOLERANCE_PX * this.scale.nsPerPx;
    const candidates = await queryRows(this._engine, `
        select slice_id as id, ts, dur from slice_layout
        where group_id = ${row.group.id} and lane = ${lane} and depth = ${depth}
          and ts >= ${sqlInt(t - tol - this._model.longThreshold)} and ts <= ${sqlInt(t + tol)}
          and dur >= 0`);
    for (const s of this._model.longSlicesByGroup.get(row.group.id) || []) {
      if (s.lane === lane && s.depth === depth) candidates.push({id: s.id, ts: s.ts, dur: s.end - s.ts});
    }
    let best = null, bestDist = Infinity;
    for (const s of candidates) {
      const dist = t < s.ts ? s.ts - t : t > s.ts + s.dur ? t - s.ts - s.dur : 0;
      if (dist <= tol && dist < bestDist) {
        best = s.id;
        bestDist = dist;
      }
    }
    return best;
  }

  // Selects slice |id|: outline, flows, details (onSelect). With reveal,
  // expands its parents and brings it into view.
  async select(id, {reveal = false} = {}) {
    const engine = this._engine;
    const flowRows = await queryRows(engine, `
        select slice_out as o, slice_in as i from flow where slice_out = ${sqlInt(id)}
        union all
        select slice_out as o, slice_in as i from flow where slice_in = ${sqlInt(id)}`);
    const ids = new Set([id]);
    for (const f of flowRows) { ids.add(f.o); ids.add(f.i); }
    const layout = await queryRows(engine, `
        select l.slice_id as id, l.group_id as g, l.lane as lane, l.depth as depth,
               l.ts as ts, l.dur as dur, s.name as name
        from slice_layout l join slice s on s.id = l.slice_id
        where l.slice_id in (${[...ids].map(sqlInt).join(',')})`);
    if (engine !== this._engine) return;  // Another trace was opened meanwhile.
    const byId = new Map(layout.map((s) => [s.id, s]));
    const slice = byId.get(id);
    if (!slice) return;
    const flows = flowRows.filter((f) => byId.has(f.o) && byId.has(f.i))
        .map((f) => ({from: byId.get(f.o), to: byId.get(f.i)}));
    this._selection = {slice, flows};
    if (reveal) this._reveal(slice);
    this._onSelect(id, flows.map((f) => ({direction: f.from.id === id ? 'out' : 'in',
      other: f.from.id === id ? f.to : f.from})));
    this.requestDraw();
  }

  get selectedSliceId() { return this._selection ? this._selection.slice.id : null; }
  // The selected slice's layout row {id, g, lane, depth, ts, dur, name}, or null.
  get selectedSlice() { return this._selection ? this._selection.slice : null; }
  get model() { return this._model; }
  get tree() { return this._tree; }
  get scrollTop() { return this._els.scroll.scrollTop; }

  addOverlay(painter) {
    this._overlays.push(painter);
    this.requestDraw();
  }

  // Clears the selected slice (and its details).
  clearSelection() {
    this._selection = null;
    this._onSelect(null);
    this.requestDraw();
  }

  // Shows [start, end] (with a margin).
  zoomTo(start, end) {
    if (!this.scale) return;
    this.scale.show(start, end);
    this.requestDraw();
  }

  // Canvas box {x0, x1, y, h} of a slice layout row {g, lane, depth, ts, dur}
  // in its group's own row, or null when that row is not shown.
  sliceBox(s, scrollTop = this.scrollTop) {
    const row = this._tree.rowOf(s.g);
    if (!row || !row.laneRows) return null;
    const y = row.top - scrollTop + TRACK_PAD + (s.lane * row.laneRows + s.depth) * SLICE_ROW_H;
    const end = s.dur < 0 ? this._model.end : s.ts + s.dur;
    return {x0: this.scale.timeToPx(s.ts), x1: this.scale.timeToPx(end), y, h: SLICE_ROW_H};
  }

  _reveal(s) {
    const row = this._tree.reveal(s.g);
    const scroll = this._els.scroll;
    if (row && (row.top < scroll.scrollTop ||
        row.top + row.height > scroll.scrollTop + scroll.clientHeight)) {
      scroll.scrollTop = Math.max(0, row.top - scroll.clientHeight / 3);
    }
    const end = s.dur < 0 ? this._model.end : s.ts + s.dur;
    if (end - s.ts > this.scale.span * 0.8) {
      this.scale.show(s.ts, end);
    } else if (s.ts < this.scale.start || end > this.scale.end) {
      const mid = (s.ts + end) / 2;
      this.scale.panPx((mid - (this.scale.start + this.scale.end) / 2) / this.scale.nsPerPx);
    }
  }
}

function hasData(group) {
  return group.kind === 'counter' ? group.counterTrackId !== null : group.laneCount > 0;
}
