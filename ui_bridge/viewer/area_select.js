// The area selection: Shift+drag on the tracks selects a time range over
// the tracks the drag crossed; a drag on the time axis (or R, for the
// visible window) selects a range over all tracks. Marks (M) are vertical
// bands kept while the trace is open. Both are drawn as timeline overlays.

const AREA_FILL = 'rgba(31, 78, 140, 0.13)';
const AREA_EDGE = 'rgba(31, 78, 140, 0.8)';
const MARK_FILL = 'rgba(255, 196, 0, 0.18)';
const MARK_EDGE = 'rgba(200, 140, 0, 0.9)';
const MIN_DRAG_PX = 3;

export class AreaSelection {
  // onChange(area | null): area {start, end, groupIds: [ids] | null (all)}.
  constructor(timeline, axisCanvas, onChange) {
    this._timeline = timeline;
    this._onChange = onChange;
    this.area = null;
    this.marks = [];          // [{start, end}]
    this._drag = null;        // {x0, y0, x1, y1} in canvas px while dragging.
    timeline.areaInput = {
      begin: (x, y) => { this._drag = {x0: x, y0: y, x1: x, y1: y}; },
      move: (x, y) => {
        Object.assign(this._drag, {x1: x, y1: y});
        this._setFromDrag(false);
      },
      end: (moved) => {
        if (moved) this._setFromDrag(true);
        this._drag = null;
      },
    };
    this._attachAxis(axisCanvas);
    timeline.addOverlay((ctx, view) => this._paint(ctx, view));
  }

  clear() {
    this.marks = [];
    this.set(null);
  }

  // Selects [start, end] over |groupIds| (null: all tracks).
  set(area) {
    this.area = area && area.end > area.start ? area : null;
    this._timeline.requestDraw();
    this._onChange(this.area);
  }

  // The visible window over all tracks.
  selectVisible() {
    const scale = this._timeline.scale;
    if (scale) this.set({start: scale.start, end: scale.end, groupIds: null});
  }

  // Marks the area's range, or the selected slice's (returns false if none).
  mark() {
    const s = this._timeline.selectedSlice;
    const range = this.area ? this.area
        : s ? {start: s.ts, end: s.dur < 0 ? this._timeline.model.end : s.ts + s.dur} : null;
    if (!range) return false;
    this.marks.push({start: range.start, end: range.end});
    this._timeline.requestDraw();
    return true;
  }

  _setFromDrag(final) {
    const d = this._drag;
    const scale = this._timeline.scale;
    if (Math.abs(d.x1 - d.x0) < MIN_DRAG_PX) {
      if (final) this.set(null);
      return;
    }
    const top = Math.min(d.y0, d.y1) + this._timeline.scrollTop;
    const bottom = Math.max(d.y0, d.y1) + this._timeline.scrollTop;
    const groupIds = this._timeline.tree.rows
        .filter((r) => r.top + r.height > top && r.top <= bottom).map((r) => r.group.id);
    const area = {
      start: scale.pxToTime(Math.min(d.x0, d.x1)),
      end: scale.pxToTime(Math.max(d.x0, d.x1)),
      groupIds,
    };
    if (final) this.set(area);
    else {
      this.area = area;
      this._timeline.requestDraw();
    }
  }

  // A drag on the time axis selects that range over all tracks.
  _attachAxis(axis) {
    let x0 = null;
    const localX = (e) => e.clientX - axis.getBoundingClientRect().left;
    axis.addEventListener('mousedown', (e) => {
      if (e.button !== 0 || !this._timeline.hasTrace) return;
      x0 = localX(e);
      e.preventDefault();
    });
    window.addEventListener('mousemove', (e) => {
      if (x0 === null) return;
      const scale = this._timeline.scale;
      const x = localX(e);
      this.area = {start: scale.pxToTime(Math.min(x0, x)), end: scale.pxToTime(Math.max(x0, x)),
        groupIds: null};
      this._timeline.requestDraw();
    });
    window.addEventListener('mouseup', (e) => {
      if (x0 === null) return;
      const x = localX(e);
      const start = x0;
      x0 = null;
      if (Math.abs(x - start) < MIN_DRAG_PX) return;
      const scale = this._timeline.scale;
      this.set({start: scale.pxToTime(Math.min(start, x)), end: scale.pxToTime(Math.max(start, x)),
        groupIds: null});
    });
  }

  _paint(ctx, {scrollTop, width, height}) {
    const scale = this._timeline.scale;
    const band = (start, end, fill, edge, top, h) => {
      const x0 = Math.max(scale.timeToPx(start), -1);
      const x1 = Math.min(scale.timeToPx(end), width + 1);
      if (x1 < 0 || x0 > width) return;
      ctx.fillStyle = fill;
      ctx.fillRect(x0, top, Math.max(x1 - x0, 1), h);
      ctx.fillStyle = edge;
      ctx.fillRect(x0, top, 1, h);
      ctx.fillRect(x1, top, 1, h);
    };
    for (const m of this.marks) band(m.start, m.end, MARK_FILL, MARK_EDGE, 0, height);
    const a = this.area;
    if (!a) return;
    if (!a.groupIds) {
      band(a.start, a.end, AREA_FILL, AREA_EDGE, 0, height);
      return;
    }
    for (const id of a.groupIds) {
      const row = this._timeline.tree.rowOf(id);
      if (row) band(a.start, a.end, AREA_FILL, AREA_EDGE, row.top - scrollTop, row.height);
    }
  }
}
