// Find: a search box (Ctrl+F or /) over slice names, answered by SQL in
// the engine. Plain text matches names as a case-insensitive substring
// (LIKE, which the engine evaluates once per distinct name); `sql:` takes
// a WHERE clause on `slice`. The box shows "k / N"; Enter / Shift+Enter
// step through the matches in time order (ts, then id), fetched a page at
// a time around the current one, and every match in the visible window is
// outlined on the timeline.

import {el} from './dom.js';
import {queryRows, sqlInt} from './sql_rows.js';

const PAGE = 500;              // Matches fetched per step query.
const FIRST_WINDOW = 1024;     // The first step window: 1/1024 of the trace.
const MARK_LIMIT = 5000;       // Matches outlined in the visible window.
const TYPE_DELAY_MS = 150;     // Wait for typing to pause before querying.
const MARK_DELAY_MS = 120;

// The WHERE condition (on `slice`) for what was typed, or null.
export function findCondition(text) {
  const t = text.trim();
  if (!t) return null;
  if (/^sql:/i.test(t)) {
    const where = t.slice(4).trim();
    return where ? `(${where})` : null;
  }
  const quoted = t.replace(/'/g, "''");
  // % and _ are LIKE wildcards: escape them (the engine then leaves the
  // match to SQLite, slower but exact).
  if (/[%_\\]/.test(t)) return `name like '%${quoted.replace(/[%_\\]/g, '\\$&')}%' escape '\\'`;
  return `name like '%${quoted}%'`;
}

// SQL counting the matches of what was typed (null if nothing): a name
// condition is counted over `slice_name_count` (one row per distinct name,
// counted in C++), so SQLite steps the names, not the matching slices.
export function countSql(text) {
  const cond = findCondition(text);
  if (!cond) return null;
  if (/^sql:/i.test(text.trim())) return `select count(*) as n from slice where ${cond}`;
  return `select coalesce(sum(slice_count), 0) as n from slice_name_count where ${cond}`;
}

// SQL for up to |limit| matches {id, ts} after (dir > 0) or before (dir < 0)
// |from| {ts, id} in time order (nearest first), with ts short of |bound|
// (exclusive): a window, so the engine filters only the rows in it.
export function pageSql(cond, from, dir, bound, limit = PAGE) {
  const [cmp, idCmp, boundCmp] = dir > 0 ? ['>=', '<=', '<'] : ['<=', '>=', '>'];
  const where = `${cond} and ts ${cmp} ${sqlInt(from.ts)} and ts ${boundCmp} ${sqlInt(bound)}` +
      ` and not (ts = ${sqlInt(from.ts)} and id ${idCmp} ${sqlInt(from.id)})`;
  const order = dir > 0 ? 'ts, id' : 'ts desc, id desc';
  return `select id, ts from slice where ${where} order by ${order} limit ${limit}`;
}

// Up to PAGE matches next to |from| (null: from the trace's first / last
// slice) in time order, nearest first: windows of ts doubling in width
// from 1/FIRST_WINDOW of the trace, so a step near dense matches reads a
// sliver of the slices and a step to a rare match reads about twice the gap.
export async function findPage(engine, cond, from, dir, traceStart, traceEnd) {
  const out = [];
  let cursor = from || (dir > 0 ? {ts: traceStart - 1, id: -1} : {ts: traceEnd + 1, id: Number.MAX_SAFE_INTEGER});
  let width = Math.max((traceEnd - traceStart) / FIRST_WINDOW, 1000);
  for (;;) {
    const bound = cursor.ts + (dir > 0 ? width : -width);
    const rows = await queryRows(engine, pageSql(cond, cursor, dir, bound, PAGE - out.length));
    out.push(...rows);
    if (out.length >= PAGE || (dir > 0 ? bound > traceEnd : bound < traceStart)) return out;
    // The next window starts where this one stopped (bound itself included).
    cursor = {ts: bound, id: dir > 0 ? -1 : Number.MAX_SAFE_INTEGER};
    width *= 2;
  }
}

export class FindBar {
  // timeline: Timeline; onStep(): a match was selected (for the URL).
  constructor(container, timeline) {
    this._timeline = timeline;
    this._engine = null;
    this._token = 0;
    this._cond = null;
    this._count = null;        // N, or null while counting.
    this._buf = [];            // Consecutive matches {id, ts} in time order.
    this._bufStart = null;     // Index of _buf[0] among all matches (null: unknown).
    this._pos = -1;            // Current match in _buf, or -1 before the first step.
    this._marks = [];          // Layout rows of the matches in the window.
    this._markKey = '';
    this.lastCountMs = null;   // How long the last count took (benchmarks).

    this.input = el('input', {type: 'search', className: 'find-input', placeholder: 'Find slices (/)'});
    this.input.setAttribute('role', 'searchbox');
    this.input.setAttribute('aria-label', 'Find slices');
    this.input.disabled = true;
    this.status = el('span', {className: 'find-status'});
    this.status.setAttribute('aria-live', 'polite');
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-label', 'Find matches');
    const prev = el('button', {className: 'button find-step', textContent: '↑'});
    prev.setAttribute('aria-label', 'Previous match');
    const next = el('button', {className: 'button find-step', textContent: '↓'});
    next.setAttribute('aria-label', 'Next match');
    container.append(el('div', {className: 'find-bar'}, this.input, this.status, prev, next));

    let typing = 0;
    this.input.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(() => this.search(this.input.value), TYPE_DELAY_MS);
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        clearTimeout(typing);
        const go = () => this.step(e.shiftKey ? -1 : 1);
        if (this.input.value !== this._text) this.search(this.input.value).then(go);
        else go();
      } else if (e.key === 'Escape') {
        this.input.value = '';
        this.search('');
        this.input.blur();
      }
    });
    prev.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    timeline.addOverlay((ctx, view) => this._paintMarks(ctx, view));
  }

  setTrace(engine) {
    this._engine = engine;
    this.input.disabled = !engine;
    this.input.value = '';
    this._reset(null, '');
  }

  focus() {
    if (this.input.disabled) return;
    this.input.focus();
    this.input.select();
  }

  // Counts the matches of |text|; resolves when the count is shown.
  async search(text) {
    const cond = findCondition(text);
    const token = this._reset(cond, text);
    if (!cond) return;
    this._setStatus('Counting…', 'busy');
    try {
      const t0 = performance.now();
      const [{n}] = await queryRows(this._engine, countSql(text));
      if (token !== this._token) return;
      this.lastCountMs = performance.now() - t0;
      this._count = n;
      this._showCount();
      this._scheduleMarks();
    } catch (e) {
      if (token === this._token) this._setStatus(`Error: ${e.message}`, 'error');
    }
  }

  // Selects the next (+1) or previous (-1) match.
  async step(dir) {
    if (!this._cond || !this._count) return;
    const token = this._token;
    try {
      await this._move(dir);
      if (token !== this._token || this._pos < 0) return;
      this._showCount();
      const m = this._buf[this._pos];
      await this._timeline.select(m.id, {reveal: true});
      this._zoomToSelected();
    } catch (e) {
      if (token === this._token) this._setStatus(`Error: ${e.message}`, 'error');
    }
  }

  get matchIndex() { return this._bufStart === null || this._pos < 0 ? null : this._bufStart + this._pos; }
  get count() { return this._count; }

  _reset(cond, text) {
    this._cond = cond;
    this._text = text;
    this._count = null;
    this._buf = [];
    this._bufStart = null;
    this._pos = -1;
    this._marks = [];
    this._markKey = '';
    if (!cond) this._setStatus('', 'idle');
    this._timeline.requestDraw();
    return ++this._token;
  }

  // Moves _pos by |dir|, fetching the page it lands in; wraps at the ends.
  async _move(dir) {
    if (this._pos < 0) return this._startAtView();
    const pos = this._pos + dir;
    if (pos >= 0 && pos < this._buf.length) {
      this._pos = pos;
      return;
    }
    const edge = this._buf[dir > 0 ? this._buf.length - 1 : 0];
    const page = await this._page(edge, dir);
    if (page.length) {
      if (dir > 0) {
        this._pos = this._buf.length;
        this._buf = this._buf.concat(page);
      } else {
        this._buf = page.concat(this._buf);
        this._pos = page.length - 1;
        if (this._bufStart !== null) this._bufStart -= page.length;
      }
      return;
    }
    // Past the last (or first) match: wrap around.
    const wrapped = await this._page(null, dir);
    this._buf = wrapped;
    this._pos = dir > 0 ? 0 : wrapped.length - 1;
    this._bufStart = dir > 0 ? 0 : this._count - wrapped.length;
  }

  // The first step goes to the first match at or after the view's start.
  async _startAtView() {
    const token = this._token;
    const t = this._timeline.scale.start;
    let page = await this._page({ts: t, id: -1}, 1);
    if (!page.length) page = await this._page(null, 1);
    if (token !== this._token) return;
    this._buf = page;
    this._pos = 0;
    const [{k}] = await queryRows(this._engine, `select count(*) as k from slice
        where ts < ${sqlInt(page[0].ts)} and ${this._cond}`);
    if (token === this._token) this._bufStart = k;
  }

  // Up to PAGE matches next to |from| (see pageSql), in time order.
  async _page(from, dir) {
    const {start, end} = this._timeline.model;
    const rows = await findPage(this._engine, this._cond, from, dir, start, end);
    return dir > 0 ? rows : rows.reverse();
  }

  // A slice narrower than a few pixels is zoomed to (with context around it).
  _zoomToSelected() {
    const s = this._timeline.selectedSlice;
    const scale = this._timeline.scale;
    if (!s || s.dur < 0) return;
    if (s.dur / scale.nsPerPx < 4) {
      const pad = Math.max(s.dur * 10, 1000);
      this._timeline.zoomTo(s.ts - pad, s.ts + s.dur + pad);
    }
  }

  _showCount() {
    const n = this._count;
    const k = this.matchIndex;
    const text = n === 0 ? 'No matches'
        : `${k === null ? (this._pos < 0 ? 0 : '?') : k + 1} / ${n.toLocaleString('en-US')}`;
    this._setStatus(text, 'done');
    this.status.dataset.count = String(n);
  }

  _setStatus(text, state) {
    this.status.textContent = text;
    this.status.dataset.state = state;
    if (state !== 'done') delete this.status.dataset.count;
  }

  // Fetches the matches in the visible window once the view rests.
  _scheduleMarks() {
    clearTimeout(this._markTimer);
    this._markTimer = setTimeout(() => this._fetchMarks(), MARK_DELAY_MS);
  }

  async _fetchMarks() {
    const scale = this._timeline.scale;
    const model = this._timeline.model;
    if (!this._cond || !this._count || !scale) return;
    const key = `${this._token}:${scale.start}:${scale.end}`;
    if (key === this._markKey) return;
    this._markKey = key;
    const token = this._token;
    // Two narrow queries (matches by ts range, then their layout rows)
    // rather than a join, which SQLite would run as one lookup per row.
    const ids = await queryRows(this._engine, `select id from slice
        where ts >= ${sqlInt(scale.start - model.longThreshold)} and ts <= ${sqlInt(scale.end)}
          and ${this._cond} limit ${MARK_LIMIT}`).catch(() => []);
    const rows = !ids.length || token !== this._token ? [] : await queryRows(this._engine, `
        select slice_id as id, group_id as g, lane, depth, ts, dur from slice_layout
        where slice_id in (${ids.map((r) => r.id).join(',')})`).catch(() => []);
    if (token !== this._token) return;
    this._marks = rows;
    this._timeline.requestDraw();
  }

  _paintMarks(ctx, {scrollTop, width}) {
    if (!this._cond || !this._count) return;
    const scale = this._timeline.scale;
    if (`${this._token}:${scale.start}:${scale.end}` !== this._markKey) this._scheduleMarks();
    ctx.strokeStyle = '#ffb300';
    ctx.lineWidth = 2;
    for (const m of this._marks) {
      const b = this._timeline.sliceBox(m, scrollTop);
      if (!b || b.x1 < 0 || b.x0 > width) continue;
      ctx.strokeRect(Math.max(b.x0, -2), b.y + 1, Math.max(b.x1 - b.x0, 2), b.h - 2);
    }
  }
}
