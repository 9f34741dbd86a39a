// Kernel scheduling rows: a CPU's `sched` slices (coloured by process,
// labelled with the thread) and a thread's `thread_state` strip (coloured
// by state as systrace users expect). Fetched per visible window like slice
// tracks: rows longer than the model's long threshold are read once per
// group and kept; the window query reads only short rows from a short
// look-back, and crowded windows are merged per pixel bucket by the
// engine's sched_buckets.

import {queryColumns, queryRows, sqlInt} from './sql_rows.js';
import {RAW_ROW_LIMIT, lowerBound} from './track_data.js';
import {colorForName} from './track_painter.js';
import {formatDuration} from './time_scale.js';

// The SQL of each kind: the rows of one group; |key| is what a row's colour
// and label come from (the thread on a CPU, the state of a thread). Thread
// names come from the model's thread map, so window queries join nothing.
const SOURCES = {
  cpu: {
    // The idle threads (tid 0) are the CPU doing nothing: not drawn.
    filter: (g, m) => `r.cpu = ${sqlInt(g.cpu)}` +
        (m.idleUtids.length ? ` and r.utid not in (${m.idleUtids.map(sqlInt).join(',')})` : ''),
    table: 'sched',
    key: 'r.utid',
    // sched_buckets' arguments: a crowded bucket shows one of its threads.
    buckets: (g) => `'cpu', ${sqlInt(g.cpu)}`,
    skip: (m) => `, '${m.idleUtids.map(sqlInt).join(',')}'`,
  },
  thread_state: {
    filter: (g) => `r.utid = ${sqlInt(g.utid)}`,
    table: 'thread_state',
    key: 'r.state',
    // A crowded bucket shows its most telling state: running, runnable,
    // uninterruptible, then sleeping.
    buckets: (g) => `'thread_state', ${sqlInt(g.utid)}`,
    skip: () => '',
  },
};

export function isSchedKind(kind) {
  return kind === 'cpu' || kind === 'thread_state';
}

// What the model needs to draw scheduling rows: the threads (utid -> {tid,
// name, upid}) and the idle threads' utids.
export async function loadSchedThreads(engine) {
  const rows = await queryRows(engine, 'select utid, tid, name, upid from thread');
  const threads = new Map(rows.map((t) => [t.utid, t]));
  return {threads, idleUtids: rows.filter((t) => t.tid === 0).map((t) => t.utid)};
}

// Fetches the window [start, end] of a cpu / thread_state group. |longRows|
// caches the long rows per group id across windows.
export async function fetchSchedWindow(engine, model, group, start, end, bucket, longRows) {
  const src = SOURCES[group.kind];
  const filter = src.filter(group, model);
  const from = `${src.table} r`;
  const longThreshold = model.longThreshold;
  if (!longRows.has(group.id)) {
    // Two ranges of dur, each pushed down to the engine (an OR is not: SQLite
    // would read every row of the group).
    const cols = `r.id as id, r.ts as ts, r.dur as dur, ${src.key} as key`;
    const long = await queryRows(engine, `select * from (
          select ${cols} from ${from} where ${filter} and r.dur > ${sqlInt(longThreshold)}
          union all select ${cols} from ${from} where ${filter} and r.dur < 0)
        order by id`);
    longRows.set(group.id, long);
  }
  const where = `${filter} and r.ts >= ${sqlInt(start - longThreshold)} ` +
      `and r.ts <= ${sqlInt(end)} and r.dur >= 0 and r.dur <= ${sqlInt(longThreshold)}`;
  const [{n}] = await queryRows(engine, `select count(*) as n from ${from} where ${where}`);
  let res;
  if (n <= RAW_ROW_LIMIT) {
    bucket = 0;
    res = await queryColumns(engine, `select r.id as id, r.ts as ts, r.dur as dur,
          ${src.key} as key, 1 as n from ${from} where ${where} order by r.ts`);
  } else {
    // One rect per pixel bucket: the engine's sched_buckets (the rows of
    // |where|, merged in one pass; a GROUP BY sorted them all).
    res = await queryColumns(engine, `select id, ts, dur, key, n from sched_buckets(
        ${src.buckets(group, model)}, ${sqlInt(start - longThreshold)}, ${sqlInt(end)},
        ${sqlInt(longThreshold)}, ${sqlInt(bucket)}${src.skip(model)})`);
  }
  return {kind: group.kind, start, end, bucket, numRows: res.numRows, ...res.col,
    long: longRows.get(group.id), threads: model.threads};
}

// Thread-state colours: running dark green, runnable lime, uninterruptible
// (D) orange, sleeping light grey, the rest (stopped, dead, ...) grey.
const STATE_COLORS = {
  running: '#2f7d32', runnable: '#9bbd2f', blocked: '#e8710a', sleeping: '#d7dbe0',
  other: '#9aa0a6',
};

export function stateClass(state) {
  if (!state) return 'other';
  if (state === 'Running') return 'running';
  if (state[0] === 'R') return 'runnable';
  if (state[0] === 'D') return 'blocked';
  if (state === 'S' || state === 'I') return 'sleeping';
  return 'other';
}

const STATE_NAMES = {
  Running: 'Running', R: 'Runnable', 'R+': 'Runnable (preempted)', S: 'Sleeping',
  D: 'Uninterruptible sleep', DK: 'Uninterruptible sleep (wake kill)', I: 'Idle',
  T: 'Stopped', t: 'Traced', X: 'Dead', Z: 'Zombie', W: 'Waking', P: 'Parked',
};

export function stateName(state) {
  return STATE_NAMES[state] ?? state ?? 'Unknown';
}

// Colour of a row: its state's, or its thread's process (the thread when
// it has no process).
function rowColor(kind, key, threads) {
  if (kind === 'thread_state') return STATE_COLORS[stateClass(key)];
  const t = threads.get(key);
  return colorForName(t && t.upid !== null ? `p${t.upid}` : `t${key}`).fill;
}

function rowLabel(kind, key, threads) {
  if (kind === 'thread_state') return stateName(key);
  const t = threads.get(key);
  return t ? `${t.name || 'Thread'} ${t.tid}` : `utid ${key}`;
}

// Every row of |entry| (window rows, then the long ones) overlapping
// [t0 - slack, t1], as calls f(ts, dur, i, row) (row set for long ones).
function forEachRow(entry, t0, t1, slack, f) {
  if (!entry) return;
  const {ts, dur} = entry;
  for (let i = lowerBound(ts || [], entry.numRows, t0 - slack); i < entry.numRows; i++) {
    if (ts[i] > t1) break;
    f(ts[i], dur[i], i, null);
  }
  for (const r of entry.long || []) f(r.ts, r.dur, -1, r);
}

// Draws a cpu / thread_state row. p: {ctx, row, top, width, scale, entry,
// charW, longThreshold, traceEnd}.
export function drawSchedRow(p) {
  const {ctx, row, top, width, scale, entry, charW} = p;
  if (!entry) return;
  const kind = row.group.kind;
  const h = row.height - 4;
  const y = top + 2;
  const k = width / scale.span;
  const rects = new RectRuns(ctx, y, h);
  forEachRow(entry, scale.start, scale.end + entry.bucket,
      p.longThreshold + entry.bucket, (ts, dur, i, r) => {
        const end = dur < 0 ? p.traceEnd : ts + dur;
        let x0 = (ts - scale.start) * k;
        let x1 = (end - scale.start) * k;
        if (x1 < 0 || x0 > width) return;
        const key = r ? r.key : entry.key[i];
        if (kind === 'thread_state' && stateClass(key) === 'sleeping' && x1 - x0 < 1) return;
        if (x1 - x0 < 1) {
          if (x0 < rects.end) return;  // Sub-pixel rects merge into the pixel drawn.
          x1 = x0 + 1;
        }
        x0 = Math.max(x0, -1);
        x1 = Math.min(x1, width + 1);
        rects.add(x0, x1, rowColor(kind, key, entry.threads));
        const n = r ? 1 : entry.n[i];
        if (kind === 'cpu' && n === 1 && x1 - x0 > 30) {
          const text = fitLabel(rowLabel(kind, key, entry.threads), x1 - x0 - 6, charW);
          if (text) {
            rects.flush();
            ctx.fillStyle = '#fff';
            ctx.fillText(text, x0 + 3, y + h / 2 + 0.5);
          }
        }
      });
  rects.flush();
}

// Touching rects of one colour drawn as one: at a zoomed-out view a row is
// a pixel-wide rect per column, and each fillRect is rasterized on its own.
class RectRuns {
  constructor(ctx, y, h) {
    Object.assign(this, {ctx, y, h, x0: 0, end: -Infinity, color: null});
  }

  add(x0, x1, color) {
    if (color === this.color && x0 <= this.end + 0.01) {
      this.end = Math.max(this.end, x1);
      return;
    }
    this.flush();
    Object.assign(this, {x0, end: x1, color});
  }

  flush() {
    if (this.color === null) return;
    this.ctx.fillStyle = this.color;
    this.ctx.fillRect(this.x0, this.y, this.end - this.x0, this.h);
    this.color = null;
  }
}

function fitLabel(text, px, charW) {
  const max = Math.floor(px / charW);
  if (max < 2) return '';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

// The row under time |t| (within |tol| ns) of a cpu / thread_state entry:
// {id, ts, dur, n, text} or null.
export function findSchedRow(entry, kind, t, tol, longThreshold) {
  let best = null;
  let bestDist = tol;
  forEachRow(entry, t - tol, t + tol + (entry ? entry.bucket : 0),
      longThreshold + (entry ? entry.bucket : 0), (ts, dur, i, r) => {
        const end = dur < 0 ? Infinity : ts + dur;
        const dist = t < ts ? ts - t : t > end ? t - end : 0;
        if (dist > bestDist) return;
        bestDist = dist;
        const n = r ? 1 : entry.n[i];
        const label = rowLabel(kind, r ? r.key : entry.key[i], entry.threads);
        best = {id: r ? r.id : entry.id[i], ts, dur, n,
          text: n > 1 ? `${n} ${kind === 'cpu' ? 'slices' : 'states'} (zoom in to tell them apart)`
            : `${label} · ${dur < 0 ? 'did not end' : formatDuration(dur)}`};
      });
  return best;
}

// The details of a sched slice or thread state: {title, fields: [[k, v]]}.
export async function schedDetails(engine, kind, id) {
  if (kind === 'cpu') {
    const [r] = await queryRows(engine, `
        select s.ts as ts, s.dur as dur, s.cpu as cpu, s.end_state as end_state,
               s.priority as priority, t.tid as tid, t.name as thread, p.pid as pid,
               p.name as process
        from sched s join thread t on t.utid = s.utid
        left join process p on p.upid = t.upid where s.id = ${sqlInt(id)}`);
    if (!r) return null;
    return {title: `${r.thread || 'Thread'} ${r.tid}`, ts: r.ts, dur: r.dur, fields: [
      ['CPU', r.cpu], ['Thread', `${r.thread ?? ''} ${r.tid}`],
      ['Process', r.pid === null ? '' : `${r.process ?? ''} ${r.pid}`],
      ['End state', r.end_state === null ? '' : stateName(r.end_state)],
      ['Priority', r.priority]]};
  }
  const [r] = await queryRows(engine, `
      select s.ts as ts, s.dur as dur, s.cpu as cpu, s.state as state,
             s.blocked_function as blocked_function, s.io_wait as io_wait,
             t.tid as tid, t.name as thread, w.tid as waker_tid, w.name as waker
      from thread_state s join thread t on t.utid = s.utid
      left join thread w on w.utid = s.waker_utid where s.id = ${sqlInt(id)}`);
  if (!r) return null;
  return {title: stateName(r.state), ts: r.ts, dur: r.dur, fields: [
    ['Thread', `${r.thread ?? ''} ${r.tid}`], ['CPU', r.cpu ?? ''],
    ['Blocked in', r.blocked_function ?? ''], ['I/O wait', r.io_wait ?? ''],
    ['Woken by', r.waker_tid === null ? '' : `${r.waker ?? ''} ${r.waker_tid}`]]};
}
