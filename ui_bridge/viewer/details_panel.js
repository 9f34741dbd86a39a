// The details of the selected slice: name, category, start, duration,
// thread / process, its args (args table by arg_set_id) and its flows, each
// flow a button that selects the slice at its other end.

import {formatDuration} from './time_scale.js';
import {queryRows, sqlInt} from './sql_rows.js';
import {el} from './dom.js';
import {schedDetails} from './sched_tracks.js';
import {profileCallDetails} from './js_profile_panel.js';

export class DetailsPanel {
  // onNavigate(sliceId): a flow's other end was clicked.
  constructor(el, onNavigate) {
    this._el = el;
    this._onNavigate = onNavigate;
    this._engine = null;
    this._model = null;
    this._shown = 0;  // Guards against out-of-order answers.
    el.addEventListener('click', (e) => {
      const link = e.target.closest('[data-goto-slice]');
      if (link) this._onNavigate(Number(link.dataset.gotoSlice));
    });
    this.clear();
  }

  setTrace(engine, model) {
    this._engine = engine;
    this._model = model;
    this.clear();
  }

  clear() {
    this._shown++;
    this._el.replaceChildren(el('p', {className: 'hint'},
        this._engine ? 'Click a slice in the timeline to see its details.' : 'No trace loaded.'));
    delete this._el.dataset.sliceId;
  }

  // flows: [{direction: 'in' | 'out', other: {id, name, ts, dur}}]
  async show(sliceId, flows = []) {
    const token = ++this._shown;
    try {
      await this._show(token, sliceId, flows);
    } catch (e) {
      // E.g. the trace was closed meanwhile; say so if still relevant.
      if (token === this._shown) {
        this._el.replaceChildren(el('p', {className: 'hint'}, `No details: ${e.message}`));
      }
    }
  }

  async _show(token, sliceId, flows) {
    const engine = this._engine;
    const [s] = await queryRows(engine, `
        select s.id as id, s.name as name, s.category as category, s.ts as ts,
               s.dur as dur, s.depth as depth, s.arg_set_id as arg_set_id,
               s.track_id as track_id, tr.name as track_name,
               th.tid as tid, th.name as thread_name, pr.pid as pid, pr.name as process_name
        from slice s
        left join track tr on tr.id = s.track_id
        left join thread_track tt on tt.id = s.track_id
        left join thread th on th.utid = tt.utid
        left join process_track pt on pt.id = s.track_id
        left join process pr on pr.upid = coalesce(th.upid, pt.upid)
        where s.id = ${sqlInt(sliceId)}`);
    const args = s && s.arg_set_id !== null ? await queryRows(engine, `
        select key, display_value as value from args
        where arg_set_id = ${sqlInt(s.arg_set_id)}`) : [];
    if (token !== this._shown || !s) return;
    this._render(s, args, flows);
  }

  // The details of a CPU's sched slice (kind 'cpu') or a thread state
  // (kind 'thread_state') with row id |id|.
  async showSched(kind, id) {
    const token = ++this._shown;
    try {
      const d = await schedDetails(this._engine, kind, id);
      if (token !== this._shown || !d) return;
      const fields = [
        ['Start', `${formatDuration(d.ts - this._model.start)} (ts ${d.ts})`],
        ['Duration', d.dur < 0 ? 'did not end' : `${formatDuration(d.dur)} (${d.dur} ns)`],
        ...d.fields.map(([k, v]) => [k, v === null || v === '' ? '–' : String(v)]),
      ];
      this._el.replaceChildren(el('h3', {}, d.title), fieldTable(fields));
      delete this._el.dataset.sliceId;
      this._el.dataset.schedKind = kind;
      this._el.dataset.schedId = String(id);
    } catch (e) {
      if (token === this._shown) {
        this._el.replaceChildren(el('p', {className: 'hint'}, `No details: ${e.message}`));
      }
    }
  }

  _render(s, args, flows) {
    const start = s.ts - this._model.start;
    const fields = [
      ['Name', s.name ?? '(unnamed)'],
      ['Category', s.category ?? '–'],
      ['Start', `${formatDuration(start)} (ts ${s.ts})`],
      ['Duration', s.dur < 0 ? 'did not end' : `${formatDuration(s.dur)} (${s.dur} ns)`],
      ['Thread', s.tid === null ? '–' : `${s.thread_name ?? '(unnamed)'} ${s.tid}`],
      ['Process', s.pid === null ? '–' : `${s.process_name ?? '(unnamed)'} ${s.pid}`],
      ['Track', s.track_name ?? (s.tid === null ? `#${s.track_id}` : 'thread track')],
      ['Depth', String(s.depth)],
      ['Slice id', String(s.id)],
    ];
    // JS frames: source position and sample count (js_profile_panel.js).
    if (s.category === 'ProfileCall') fields.splice(2, 0, ...profileCallDetails(args));
    const parts = [el('h3', {}, s.name ?? '(unnamed)'), fieldTable(fields)];

    parts.push(el('h4', {}, `Args (${args.length})`));
    if (args.length) {
      const argTable = el('table', {className: 'details-args'});
      for (const a of args) {
        const tr = el('tr', {}, el('th', {}, a.key), el('td', {}, a.value === null ? 'NULL' : String(a.value)));
        tr.dataset.argKey = a.key;
        argTable.appendChild(tr);
      }
      parts.push(argTable);
    } else {
      parts.push(el('p', {className: 'hint'}, 'No args.'));
    }

    parts.push(el('h4', {}, `Flows (${flows.length})`));
    if (flows.length) {
      const list = el('ul', {className: 'details-flows'});
      for (const f of flows) {
        const btn = el('button', {className: 'link'}, `${f.other.name ?? '(unnamed)'} #${f.other.id}`);
        btn.dataset.gotoSlice = String(f.other.id);
        list.appendChild(el('li', {}, f.direction === 'out' ? 'to ' : 'from ', btn));
      }
      parts.push(list);
    }
    this._el.replaceChildren(...parts);
    this._el.dataset.sliceId = String(s.id);
    delete this._el.dataset.schedKind;
  }
}

// A two-column table of [name, value] fields.
function fieldTable(fields) {
  const table = el('table', {className: 'details-fields'});
  for (const [k, v] of fields) {
    const tr = el('tr', {}, el('th', {}, k), el('td', {}, v));
    tr.dataset.field = k.toLowerCase().replace(' ', '_');
    table.appendChild(tr);
  }
  return table;
}
