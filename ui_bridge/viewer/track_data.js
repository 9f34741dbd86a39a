// Per-group caches of what the timeline draws, fetched per visible window:
// a window twice as wide as the view, queried with slice_layout's
// group filter and ts range (an index lookup plus a binary search). Small
// windows come back row by row (exact at any zoom); crowded ones are merged
// in SQL into one rect per lane row and pixel bucket, so no fetch or frame
// ever handles millions of rows (windows of over SAMPLE_ABOVE rows are
// merged from a sample).

import {queryColumns, queryRows, sqlInt} from './sql_rows.js';
import {pow2AtLeast} from './time_scale.js';
import {fetchSchedWindow, isSchedKind} from './sched_tracks.js';
import {COLOR_KEY_SQL} from './js_profile_panel.js';

// Above this many rows in a window, slices are merged per pixel bucket.
export const RAW_ROW_LIMIT = 10000;
// Above this many, the merge reads a hashed sample of about SAMPLE_ROWS
// tiny slices (plus every slice of a pixel or more): SQLite's GROUP BY
// sorts its input, too slow for millions of rows, and a crowded pixel
// looks the same drawn from a tenth of its slices.
const SAMPLE_ABOVE = 200000;
const SAMPLE_ROWS = 100000;

export class TrackData {
  // onData(): called when fetched data arrived (the timeline redraws).
  constructor(engine, model, onData) {
    this._engine = engine;
    this._model = model;
    this._onData = onData;
    this._entries = new Map();   // group id -> cache entry
    this._pending = new Set();   // group ids being fetched
    this._counterRanges = new Map();
    this._longSchedRows = new Map();  // cpu / thread_state group id -> long rows
    this._closed = false;
  }

  close() { this._closed = true; }

  entry(groupId) { return this._entries.get(groupId) || null; }
  // The top-level slices of a collapsed group's descendants, merged.
  summaryEntry(groupId) { return this._entries.get(`s${groupId}`) || null; }
  counterRange(groupId) { return this._counterRanges.get(groupId) || null; }
  get busy() { return this._pending.size > 0; }

  // Starts fetches for the |requests| ({group, summary}) whose cache does
  // not serve the scale's window. Cheap when nothing is stale: call it every
  // frame. While the view is moving (|settled| false), a cache that covers
  // the view is kept even if it is coarser than the pixels: the sharper data
  // is fetched once the view rests, so a zoom does not queue a fetch per frame.
  update(requests, scale, settled = true) {
    const bucket = pow2AtLeast(scale.nsPerPx);
    for (const req of requests) {
      const key = req.summary ? `s${req.group.id}` : req.group.id;
      if (this._pending.has(key)) continue;
      const e = this._entries.get(key);
      if (this.covers(e, scale) &&
          (!settled || e.bucket === 0 || e.bucket <= bucket * 2)) {
        continue;
      }
      this._fetch(key, req, scale, bucket);
    }
  }

  // True when |entry| holds the part of the view that lies in the trace.
  covers(entry, scale) {
    if (!entry) return false;
    const start = Math.max(scale.start, this._model.start - 1);
    const end = Math.min(scale.end, this._model.end + 1);
    return entry.start <= start && entry.end >= end;
  }

  // Fetches |request|'s window of |scale| now, whatever the cache holds.
  fetchWindow(request, scale) {
    const key = request.summary ? `s${request.group.id}` : request.group.id;
    return this._fetch(key, request, scale, pow2AtLeast(scale.nsPerPx));
  }

  async _fetch(key, {group, summary}, scale, bucket) {
    this._pending.add(key);
    const {start: traceStart, end: traceEnd} = this._model;
    const start = Math.max(scale.start - scale.span / 2, traceStart - 1);
    const end = Math.min(scale.end + scale.span / 2, traceEnd + 1);
    try {
      let entry;
      if (summary) {
        const ids = sliceDescendants(group).map((g) => g.id);
        entry = await this._fetchSlices(ids, start, end, bucket, true);
      } else if (group.kind === 'counter') {
        entry = await this._fetchCounters(group, start, end, bucket);
      } else if (isSchedKind(group.kind)) {
        entry = await fetchSchedWindow(this._engine, this._model, group, start, end, bucket,
            this._longSchedRows);
      } else {
        entry = await this._fetchSlices([group.id], start, end, bucket, false);
      }
      if (this._closed) return;
      this._entries.set(key, entry);
    } catch (e) {
      if (this._closed) return;
      console.error(`weft viewer: fetching track ${group.name} failed:`, e);
      // An empty entry for this window: the next window change retries.
      this._entries.set(key, {kind: group.kind, start, end, bucket: 0, numRows: 0,
        error: e.message, ts: [], value: [], before: null, lo: null, hi: null});
    } finally {
      this._pending.delete(key);
    }
    if (!this._closed) this._onData();
  }

  // Slices of |groupIds| (with |topOnly|, depth 0 only) in [start, end].
  async _fetchSlices(groupIds, start, end, bucket, topOnly) {
    const from = sqlInt(start - this._model.longThreshold);
    const groupFilter = groupIds.length === 1 ? `l.group_id = ${groupIds[0]}`
        : `l.group_id in (${groupIds.join(',')})`;
    const where = `${groupFilter} and l.ts >= ${from} and l.ts <= ${sqlInt(end)}` +
        (topOnly ? ' and l.depth = 0' : '');
    const short = `l.dur >= 0 and l.dur <= ${sqlInt(this._model.longThreshold)}`;
    const [{n}] = await queryRows(this._engine,
        `select count(*) as n from slice_layout l where ${where}`);
    let res;
    if (n <= RAW_ROW_LIMIT) {
      bucket = 0;
      res = await queryColumns(this._engine, `
          select l.slice_id as id, l.lane as lane, l.depth as depth, l.ts as ts,
                 l.dur as dur, 1 as n, s.name as name, ${COLOR_KEY_SQL} as color_key
          from slice_layout l join slice s on s.id = l.slice_id
          where ${where} and ${short}`);
    } else {
      let sample = '';
      if (n > SAMPLE_ABOVE) {
        // A multiplicative hash of the id, so nesting patterns (parent,
        // child, parent, ...) do not bias the sample.
        const keep = Math.ceil(65536 * SAMPLE_ROWS / n);
        sample = ` and ((l.slice_id * 40503) % 65536 < ${keep} or l.dur >= ${bucket})`;
      }
      // Rows come out by bucket, so ts is sorted to within one bucket.
      res = await queryColumns(this._engine, `
          select q.id as id, q.lane as lane, q.depth as depth, q.ts as ts,
                 q.dur as dur, q.n as n, s.name as name, ${COLOR_KEY_SQL} as color_key
          from (select min(l.slice_id) as id, l.lane as lane, l.depth as depth,
                       min(l.ts) as ts, max(l.ts + l.dur) - min(l.ts) as dur,
                       count(*) as n
                from slice_layout l where ${where} and ${short}${sample}
                group by l.ts / ${bucket}, l.lane, l.depth) q
          join slice s on s.id = q.id`);
    }
    return {kind: 'slice', start, end, bucket, numRows: res.numRows, ...res.col};
  }

  async _fetchCounters(group, start, end, bucket) {
    const track = group.counterTrackId;
    if (track === null) {
      return {kind: 'counter', start, end, bucket: 0, numRows: 0, before: null,
        ts: [], value: [], lo: null, hi: null};
    }
    const where = `track_id = ${track} and ts >= ${sqlInt(start)} and ts <= ${sqlInt(end)}`;
    // One round trip: the window's size, the value held when it starts (the
    // last sample before it) and, the first time, the track's value range.
    const needRange = !this._counterRanges.has(group.id);
    const [r] = await queryRows(this._engine, `select w.n as n, p.ts as prev_ts, p.value as before
        ${needRange ? ', t.lo as lo, t.hi as hi' : ''}
        from (select count(*) as n from counter where ${where}) w,
             (select max(ts) as ts, value from counter
              where track_id = ${track} and ts < ${sqlInt(start)}) p
        ${needRange ? `, (select min(value) as lo, max(value) as hi from counter
                          where track_id = ${track}) t` : ''}`);
    if (needRange) this._counterRanges.set(group.id, {lo: r.lo ?? 0, hi: r.hi ?? 0});
    const n = r.n;
    const before = r.prev_ts !== null ? r.before : null;
    if (n <= RAW_ROW_LIMIT) {
      const res = await queryColumns(this._engine, `select ts, value from counter where ${where}`);
      return {kind: 'counter', start, end, bucket: 0, numRows: res.numRows, before,
        ts: res.col.ts || [], value: res.col.value || [], lo: null, hi: null};
    }
    // Per bucket: the last sample (bare columns follow max()) and the range.
    const [last, range] = await Promise.all([queryColumns(this._engine, `select max(ts) as ts, value
        from counter where ${where} group by ts / ${bucket}`), queryColumns(this._engine,
        `select min(value) as lo, max(value) as hi from counter where ${where} group by ts / ${bucket}`)]);
    return {kind: 'counter', start, end, bucket, numRows: last.numRows, before,
      ts: last.col.ts, value: last.col.value, lo: range.col.lo, hi: range.col.hi};
  }
}

// The slice groups under |group| (memoized on it: the tree is fixed).
export function sliceDescendants(group) {
  if (!group.sliceDescendants) {
    const out = [];
    const walk = (g) => {
      for (const c of g.children) {
        if (c.kind === 'slice' && c.laneCount > 0) out.push(c);
        walk(c);
      }
    };
    walk(group);
    group.sliceDescendants = out;
  }
  return group.sliceDescendants;
}

// Index of the first row whose ts is >= |t| (ts sorted ascending).
export function lowerBound(ts, n, t) {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < t) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// The cached slice (or merged rect) at |lane|, |depth| under time |t|, within
// |tol| ns: {name, dur, n} or null. |slack| is how far before |t| a row may
// start (the long-slice threshold plus the entry's bucket).
export function findCachedSlice(entry, longSlices, lane, depth, t, tol, slack) {
  let best = null;
  let bestDist = tol;
  const consider = (ts, dur, n, name) => {
    const dist = t < ts ? ts - t : t > ts + dur ? t - ts - dur : 0;
    if (dist <= bestDist) {
      best = {name, dur, n};
      bestDist = dist;
    }
  };
  if (entry && entry.numRows && entry.lane) {
    const {ts, dur} = entry;
    for (let i = lowerBound(ts, entry.numRows, t - slack - tol); i < entry.numRows; i++) {
      if (ts[i] > t + tol + entry.bucket) break;
      if (entry.lane[i] === lane && entry.depth[i] === depth) {
        consider(ts[i], dur[i], entry.n[i], entry.name[i]);
      }
    }
  }
  for (const s of longSlices || []) {
    if (s.lane === lane && s.depth === depth) consider(s.ts, s.end - s.ts, 1, s.name);
  }
  return best;
}
