// The "Summary" tab: what happened in the area selection. Slices that
// overlap the range on the selected tracks, grouped by name (count, total /
// average / max wall duration, self time = wall duration minus the direct
// children's; the engine's slice_summary table function, one pass in C++
// instead of a GROUP BY and a self-join, which take seconds on a million
// slices); counters per track (min / max / average over the samples in
// the range, and the change from the first to the last); and, when the
// trace has `sched`, CPU time per thread and process within the range
// (the engine's sched_cpu_time).
// A name's row lists its slices (longest first); a slice selects it.

import {el} from './dom.js';
import {formatDuration} from './time_scale.js';
import {queryRows, sqlInt} from './sql_rows.js';
import {sliceDescendants} from './track_data.js';
import {formatValue} from './track_painter.js';

const SLICES_LISTED = 100;

// SQL: the slices of |s| overlapping [start, end] on |trackIds| (null: all),
// as slice_summary selects them. Slices start at most |maxDur| before they
// end, so ts has a lower bound (a binary search on the sorted ts column).
export function sliceAreaWhere(s, {start, end}, trackIds, maxDur) {
  let w = `${s}.ts <= ${sqlInt(end)} and ${s}.ts >= ${sqlInt(start - maxDur)}` +
      ` and (${s}.dur < 0 or ${s}.ts + ${s}.dur >= ${sqlInt(start)})`;
  if (trackIds) w += ` and ${s}.track_id in (${trackIds.join(',') || 'null'})`;
  return w;
}

export class SummaryTab {
  // onSelectSlice(id): a listed slice was clicked.
  constructor(panel, onSelectSlice) {
    this._panel = panel;
    this._onSelectSlice = onSelectSlice;
    this._token = 0;
    this.lastMs = null;  // Time of the last summary's queries (benchmarks).
    panel.addEventListener('click', (e) => {
      const nameBtn = e.target.closest('[data-summary-name]');
      if (nameBtn) this._listSlices(nameBtn.dataset.summaryName, nameBtn.dataset.isNull === 'true');
      const sliceBtn = e.target.closest('[data-goto-slice]');
      if (sliceBtn) this._onSelectSlice(Number(sliceBtn.dataset.gotoSlice));
    });
    this.setTrace(null, null);
  }

  setTrace(engine, model) {
    this._engine = engine;
    this._model = model;
    this._maxDur = null;
    this.show(null);
  }

  // Summarizes |area| ({start, end, groupIds}); resolves when shown.
  async show(area) {
    const token = ++this._token;
    this._area = area;
    if (!area || !this._engine) {
      this._panel.replaceChildren(el('p', {className: 'hint'},
          'Shift+drag over tracks (or drag on the time axis, or press R) to summarize a time range.'));
      delete this._panel.dataset.ready;
      return;
    }
    this._panel.replaceChildren(el('p', {className: 'hint'}, 'Summarizing…'));
    delete this._panel.dataset.ready;
    try {
      const t0 = performance.now();
      const parts = await this._summarize(area);
      if (token !== this._token) return;
      this.lastMs = performance.now() - t0;
      this._panel.replaceChildren(this._heading(area), ...parts);
      this._panel.dataset.ready = 'true';
    } catch (e) {
      if (token === this._token) {
        this._panel.replaceChildren(el('p', {className: 'hint'}, `No summary: ${e.message}`));
      }
    }
  }

  async _summarize(area) {
    const engine = this._engine;
    const {sliceTracks, counterTracks} = await this._tracksOf(area.groupIds);
    this._sliceTracks = sliceTracks;
    const tracks = sliceTracks ? `, '${sliceTracks.join(',')}'` : '';
    const [slices, counters, cpu] = await Promise.all([
      queryRows(engine, `select name, slice_count as n, total_dur as total, max_dur,
          self_dur as self from slice_summary(${sqlInt(area.start)}, ${sqlInt(area.end)}${tracks})`),
      this._counters(area, counterTracks),
      this._cpu(area),
    ]);
    const parts = [this._sliceTable(slices)];
    if (counters.length) parts.push(this._counterTable(counters));
    if (cpu.length) parts.push(this._cpuTables(cpu));
    parts.push(el('div', {className: 'summary-slices', id: 'summary-slices'}));
    return parts;
  }

  // Slice and counter track ids of the selected groups (null: all).
  async _tracksOf(groupIds) {
    if (!groupIds) return {sliceTracks: null, counterTracks: null};
    const sliceGroups = new Set();
    const counterTracks = new Set();
    for (const id of groupIds) {
      const g = this._model.byId.get(id);
      if (!g) continue;
      if (g.kind === 'counter' && g.counterTrackId !== null) counterTracks.add(g.counterTrackId);
      if (g.kind === 'slice' && g.laneCount > 0) sliceGroups.add(g.id);
      for (const d of sliceDescendants(g)) sliceGroups.add(d.id);
    }
    const members = sliceGroups.size ? await queryRows(this._engine,
        `select distinct track_id as t from track_group_member
         where group_id in (${[...sliceGroups].join(',')})`) : [];
    return {sliceTracks: members.map((r) => r.t), counterTracks: [...counterTracks]};
  }

  async _counters(area, trackIds) {
    if (trackIds && !trackIds.length) return [];
    const w = `c.ts >= ${sqlInt(area.start)} and c.ts <= ${sqlInt(area.end)}` +
        (trackIds ? ` and c.track_id in (${trackIds.join(',')})` : '');
    const [stats, first, last] = await Promise.all([
      queryRows(this._engine, `select c.track_id as track, count(*) as n, min(c.value) as lo,
          max(c.value) as hi, avg(c.value) as mean from counter c where ${w} group by c.track_id`),
      queryRows(this._engine, `select c.track_id as track, min(c.ts) as ts, c.value as value
          from counter c where ${w} group by c.track_id`),
      queryRows(this._engine, `select c.track_id as track, max(c.ts) as ts, c.value as value
          from counter c where ${w} group by c.track_id`),
    ]);
    if (!stats.length) return stats;
    const names = await queryRows(this._engine, `select id, name from track
        where id in (${stats.map((r) => r.track).join(',')})`);
    const nameOf = new Map(names.map((r) => [r.id, r.name]));
    const firstOf = new Map(first.map((r) => [r.track, r.value]));
    const lastOf = new Map(last.map((r) => [r.track, r.value]));
    for (const r of stats) {
      r.name = nameOf.get(r.track) ?? `track ${r.track}`;
      r.delta = lastOf.get(r.track) - firstOf.get(r.track);
    }
    return stats.sort((a, b) => a.name.localeCompare(b.name));
  }

  // CPU time per thread within the range, from sched (empty without it):
  // the engine's sched_cpu_time, one pass in C++ (a GROUP BY over sched
  // took 1.4 s in wasm on the 200 MB ftrace trace).
  async _cpu(area) {
    const [any] = await queryRows(this._engine, 'select id from sched limit 1');
    if (!any) return [];
    return queryRows(this._engine, `
        select q.utid as utid, q.cpu_time as cpu, t.tid as tid, t.name as thread,
               p.pid as pid, p.name as process
        from sched_cpu_time(${sqlInt(area.start)}, ${sqlInt(area.end)}) q
        left join thread t on t.utid = q.utid
        left join process p on p.upid = t.upid
        order by q.cpu_time desc, q.utid`);
  }

  _heading(area) {
    const what = area.groupIds ? `${area.groupIds.length} ${area.groupIds.length === 1 ? 'track' : 'tracks'}`
        : 'all tracks';
    return el('p', {className: 'summary-heading'},
        `${formatDuration(area.end - area.start)} selected over ${what} ` +
        `(from ${formatDuration(area.start - this._model.start)})`);
  }

  _sliceTable(rows) {
    const body = el('tbody');
    for (const r of rows) {
      const btn = el('button', {className: 'link', textContent: r.name ?? '(unnamed)'});
      btn.dataset.summaryName = r.name ?? '';
      btn.dataset.isNull = String(r.name === null);
      btn.setAttribute('aria-label', `List the ${r.n} slices named ${r.name ?? '(unnamed)'}`);
      const tr = el('tr', {}, el('td', {}, btn), num(r.n.toLocaleString('en-US')),
          num(formatDuration(r.total)), num(formatDuration(r.total / r.n)),
          num(formatDuration(Math.max(r.max_dur, 0))), num(formatDuration(r.self)));
      Object.assign(tr.dataset, {name: r.name ?? '', count: r.n, total: r.total, self: r.self});
      body.appendChild(tr);
    }
    return table('Slices by name', ['Name', 'Count', 'Wall total', 'Wall average', 'Wall max', 'Self total'],
        body, `Slices (${rows.length} names)`, 'summary-by-name');
  }

  _counterTable(rows) {
    const body = el('tbody');
    for (const r of rows) {
      const tr = el('tr', {}, el('td', {}, r.name), num(formatValue(r.lo)), num(formatValue(r.hi)),
          num(formatValue(r.mean)), num(formatValue(r.delta)), num(r.n.toLocaleString('en-US')));
      Object.assign(tr.dataset, {track: r.track, min: r.lo, max: r.hi, delta: r.delta});
      body.appendChild(tr);
    }
    return table('Counters', ['Counter', 'Min', 'Max', 'Average', 'Delta', 'Samples'], body,
        `Counters (${rows.length})`, 'summary-counters');
  }

  _cpuTables(rows) {
    const threads = el('tbody');
    const byProcess = new Map();
    for (const r of rows) {
      threads.appendChild(el('tr', {}, el('td', {}, `${r.thread ?? '(unnamed)'} ${r.tid ?? ''}`),
          el('td', {}, r.pid === null ? '–' : `${r.process ?? '(unnamed)'} ${r.pid}`),
          num(formatDuration(r.cpu))));
      const key = r.pid === null ? '–' : `${r.process ?? '(unnamed)'} ${r.pid}`;
      byProcess.set(key, (byProcess.get(key) ?? 0) + r.cpu);
    }
    const procs = el('tbody', {}, ...[...byProcess].sort((a, b) => b[1] - a[1])
        .map(([k, v]) => el('tr', {}, el('td', {}, k), num(formatDuration(v)))));
    return el('div', {},
        table('CPU time by process', ['Process', 'CPU time'], procs, 'CPU time by process', 'summary-cpu-process'),
        table('CPU time by thread', ['Thread', 'Process', 'CPU time'], threads, 'CPU time by thread',
            'summary-cpu-thread'));
  }

  async _listSlices(name, isNull) {
    const box = this._panel.querySelector('#summary-slices');
    if (!box) return;
    const token = this._token;
    if (this._maxDur === null) {  // A scan: only once, and only when needed.
      const [{m}] = await queryRows(this._engine, 'select coalesce(max(dur), 0) as m from slice');
      this._maxDur = m;
    }
    const where = sliceAreaWhere('s', this._area, this._sliceTracks, this._maxDur);
    const cond = isNull ? 's.name is null' : `s.name = '${name.replace(/'/g, "''")}'`;
    const rows = await queryRows(this._engine, `select s.id as id, s.ts as ts, s.dur as dur
        from slice s where ${where} and ${cond}
        order by s.dur desc, s.id limit ${SLICES_LISTED}`);
    if (token !== this._token) return;
    const list = el('ul', {className: 'summary-slice-list'});
    for (const r of rows) {
      const btn = el('button', {className: 'link'},
          `#${r.id} at ${formatDuration(r.ts - this._model.start)}, ` +
          `${r.dur < 0 ? 'did not end' : formatDuration(r.dur)}`);
      btn.dataset.gotoSlice = String(r.id);
      btn.setAttribute('aria-label', `Select slice ${r.id}`);
      list.appendChild(el('li', {}, btn));
    }
    box.replaceChildren(el('h4', {}, `${isNull ? '(unnamed)' : name}: longest ${rows.length}`), list);
  }
}

function num(text) {
  return el('td', {className: 'num'}, String(text));
}

function table(label, headers, body, title, id) {
  const t = el('table', {className: 'summary-table', id},
      el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', {}, h)))), body);
  t.setAttribute('aria-label', label);
  return el('section', {}, el('h4', {}, title), t);
}
