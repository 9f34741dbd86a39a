// Trace health: the "Info" tab (the trace's format, size, time range,
// clock, machine / OS / browser facts from `metadata`, and the `stats`
// entries that fired, data-loss and error severities first) and a badge in
// the top bar when any data-loss or error stat fired, so a damaged trace is
// never analysed unknowingly. The badge opens the tab.

import {el} from './dom.js';
import {formatDuration} from './time_scale.js';
import {queryRows} from './sql_rows.js';

// Severities that mean the trace is damaged (stats.severity values).
export const DAMAGE_SEVERITIES = ['data_loss', 'error'];

const FIRED_STATS_SQL = `
    select name, idx, severity, source, value, description from stats
    where value != 0
    order by case severity when 'data_loss' then 0 when 'error' then 1 else 2 end, name, idx`;

export class InfoTab {
  // panel: the tab's panel; badgeParent: where the top-bar badge goes;
  // onOpen(): show the tab.
  constructor(panel, badgeParent, onOpen) {
    this._panel = panel;
    this._token = 0;
    this.badge = el('button', {className: 'health-badge', hidden: true});
    this.badge.addEventListener('click', onOpen);
    badgeParent.appendChild(this.badge);
    this.setTrace(null);
  }

  // info: {name, bytes} of the load; model: the trace model.
  async setTrace(engine, model = null, info = {}) {
    const token = ++this._token;
    this.badge.hidden = true;
    if (!engine) {
      this._panel.replaceChildren(el('p', {className: 'hint'}, 'No trace loaded.'));
      return;
    }
    try {
      const [metadata, stats] = await Promise.all([
        queryRows(engine, `select name, coalesce(str_value, cast(int_value as text)) as value
            from metadata order by name`),
        queryRows(engine, FIRED_STATS_SQL),
      ]);
      if (token !== this._token) return;
      this._render(model, info, metadata, stats);
      this._showBadge(stats.filter((s) => DAMAGE_SEVERITIES.includes(s.severity)));
    } catch (e) {
      if (token === this._token) {
        this._panel.replaceChildren(el('p', {className: 'hint'}, `No trace info: ${e.message}`));
      }
    }
  }

  _showBadge(damage) {
    if (!damage.length) return;
    const lost = damage.some((s) => s.severity === 'data_loss');
    this.badge.textContent = `⚠ ${lost ? 'Data lost' : 'Errors'} (${damage.length})`;
    this.badge.setAttribute('aria-label',
        `Trace damaged: ${damage.length} data-loss or error ${damage.length === 1 ? 'stat' : 'stats'} fired; show trace info`);
    this.badge.title = damage.map((s) => s.name).join(', ');
    this.badge.hidden = false;
  }

  _render(model, info, metadata, stats) {
    const facts = [
      ['Trace', info.name ?? '–'],
      ['Size', info.bytes ? `${info.bytes.toLocaleString('en-US')} bytes` : '–'],
      ['Start (ts)', String(model.start)],
      ['Duration', formatDuration(model.end - model.start)],
      ['Slices', model.sliceCount.toLocaleString('en-US')],
      ...metadata.map((m) => [m.name, m.value ?? 'NULL']),
    ];
    const factTable = el('table', {className: 'info-facts'});
    factTable.setAttribute('aria-label', 'Trace metadata');
    for (const [k, v] of facts) {
      const tr = el('tr', {}, el('th', {scope: 'row'}, k), el('td', {}, String(v)));
      tr.dataset.key = k;
      factTable.appendChild(tr);
    }
    const parts = [el('h3', {}, 'Trace'), factTable,
      el('h4', {}, `Stats that fired (${stats.length})`)];
    if (stats.length) {
      const head = el('tr', {}, ...['Name', 'Severity', 'Source', 'Value', 'Description']
          .map((h) => el('th', {}, h)));
      const body = el('tbody');
      for (const s of stats) {
        const name = s.idx === null ? s.name : `${s.name}[${s.idx}]`;
        const tr = el('tr', {}, el('td', {}, name), el('td', {}, s.severity),
            el('td', {}, s.source), el('td', {className: 'num'}, String(s.value)),
            el('td', {}, s.description ?? ''));
        tr.dataset.stat = s.name;
        tr.dataset.severity = s.severity;
        if (DAMAGE_SEVERITIES.includes(s.severity)) tr.className = 'stat-damage';
        body.appendChild(tr);
      }
      const table = el('table', {className: 'info-stats'}, el('thead', {}, head), body);
      table.setAttribute('aria-label', 'Stats that fired');
      parts.push(table);
    } else {
      parts.push(el('p', {className: 'hint'}, 'No stats fired: nothing was dropped or malformed.'));
    }
    this._panel.replaceChildren(...parts);
  }
}
