// The "JS profile" tab: for one thread and the time range in view, the JS
// functions by total and self time, computed in SQL over the profile calls
// (slices of category 'ProfileCall', see docs/sync_tracks.md). Total time
// counts a recursive function once (calls under a call of the same name
// are skipped); self time is a call's time minus its children's (JS frames
// and trace events), both clipped to the range.

import {formatDuration} from './time_scale.js';
import {queryRows, sqlInt} from './sql_rows.js';
import {el} from './dom.js';

// Threads with profile calls, the busiest first: [{utid, label, calls}].
export async function threadsWithProfileCalls(engine) {
  return queryRows(engine, `
      select tt.utid as utid, count(*) as calls,
             coalesce(t.name, 'thread') || ' ' || coalesce(t.tid, '') as label
      from slice s join thread_track tt on s.track_id = tt.id
      left join thread t using (utid)
      where s.category = 'ProfileCall'
      group by tt.utid order by calls desc`);
}

// The functions of thread |utid| in [start, end] (ns), by total time:
// [{name, url, total, self, calls}].
export async function functionsByTime(engine, utid, start, end, limit = 100) {
  const a = sqlInt(start), b = sqlInt(end);
  const clip = (t) => `max(min(${t}.ts + ${t}.dur, ${b}) - max(${t}.ts, ${a}), 0)`;
  return queryRows(engine, `
      with calls as (
        select s.id as id, s.name as name, s.arg_set_id as arg_set_id, ${clip('s')} as d
        from slice s join thread_track tt on s.track_id = tt.id
        where tt.utid = ${sqlInt(utid)} and s.category = 'ProfileCall'
          and s.ts <= ${b} and s.ts + s.dur >= ${a}),
      timed as (
        select c.name as name, c.arg_set_id as arg_set_id, c.d as d,
               c.d - coalesce((select sum(${clip('k')}) from slice k where k.parent_id = c.id), 0)
                 as self,
               exists (select 1 from ancestor_slice(c.id) p
                       where p.category = 'ProfileCall' and p.name = c.name) as nested
        from calls c)
      select name, max(extract_arg(arg_set_id, 'url')) as url,
             sum(iif(nested, 0, d)) as total, sum(self) as self, count(*) as calls
      from timed group by name order by total desc, self desc, name limit ${limit}`);
}

export class JsProfilePanel {
  // getRange() -> [start, end] ns: the time range in view.
  constructor(panel, getRange) {
    this._el = panel;
    this._getRange = getRange;
    this._engine = null;
    this._token = 0;
    this.setEngine(null);
  }

  setEngine(engine) {
    this._engine = engine;
    this._token++;
    this._el.replaceChildren(el('p', {className: 'hint'},
        engine ? 'Open this tab to see the JS functions of a thread.' : 'No trace loaded.'));
  }

  // Recomputes the table for the chosen thread (the busiest by default).
  async refresh() {
    const token = ++this._token;
    const engine = this._engine;
    if (!engine) return;
    const threads = await threadsWithProfileCalls(engine);
    if (token !== this._token) return;
    if (!threads.length) {
      this._el.replaceChildren(el('p', {className: 'hint'},
          'No JS samples in this trace (no profile calls).'));
      return;
    }
    const chosen = Number(this._el.dataset.utid ?? threads[0].utid);
    const select = el('select', {className: 'js-profile-thread', 'aria-label': 'Thread'});
    for (const t of threads) {
      const option = el('option', {value: String(t.utid)}, `${t.label} (${t.calls} calls)`);
      option.selected = t.utid === chosen;
      select.append(option);
    }
    select.addEventListener('change', () => {
      this._el.dataset.utid = select.value;
      this.refresh().catch((e) => console.error(e));
    });
    const [start, end] = this._getRange();
    const rows = await functionsByTime(engine, chosen, start, end);
    if (token !== this._token) return;
    const table = el('table', {className: 'js-profile-table'},
        el('thead', {}, el('tr', {}, ...['Function', 'Total', 'Self', 'Calls', 'Script']
            .map((h) => el('th', {}, h)))));
    const body = el('tbody');
    for (const r of rows) {
      const tr = el('tr', {},
          el('td', {className: 'fn'}, r.name),
          el('td', {className: 'num'}, formatDuration(r.total)),
          el('td', {className: 'num'}, formatDuration(r.self)),
          el('td', {className: 'num'}, String(r.calls)),
          el('td', {className: 'url'}, r.url || ''));
      tr.dataset.function = r.name;
      body.append(tr);
    }
    table.append(body);
    this._el.replaceChildren(
        el('div', {className: 'js-profile-controls'}, select,
            el('span', {className: 'hint'}, ` ${formatDuration(end - start)} in view, by total time`)),
        table);
    this._el.dataset.ready = String(token);
  }
}

// SQL for the colour seed of slice |s|: a JS frame's script URL (calls of
// one script share a colour, as in DevTools), else the slice name.
export const COLOR_KEY_SQL = `iif(s.category = 'ProfileCall',
    'js:' || coalesce(extract_arg(s.arg_set_id, 'url'), s.name), s.name)`;

// Extra detail rows for a JS frame: source position (1-based line, as
// editors show it) and sample count, from its args.
export function profileCallDetails(args) {
  const get = (k) => args.find((a) => a.key === k)?.value;
  const url = get('url');
  const line = get('line_number');
  const rows = [];
  if (url !== undefined) {
    rows.push(['Source', line !== undefined && Number(line) >= 0 ? `${url}:${Number(line) + 1}` : url]);
  }
  const samples = get('sample_count');
  if (samples !== undefined) rows.push(['Samples', String(samples)]);
  return rows;
}
